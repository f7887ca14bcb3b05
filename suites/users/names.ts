// The names the users suite sends. Every one carries the run tag, so the suite never touches a
// user it did not create.
export const PREFIX = 'local/';

/** 40 characters after the prefix, using every allowed class (NAME-05, NAME-06). */
export function validName(tag: string): string {
  const classes = `${tag}-aZ09-_\\/# x`;
  return `${PREFIX}${classes.padEnd(40, 'x')}`;
}

export interface RefusedBody {
  clause: string;
  what: string;
  /** Sent as it is when a string, else as JSON. */
  body: unknown;
  /** The name it would create, for the "no user created" check. */
  name?: string;
}

export function refusedBodies(tag: string): RefusedBody[] {
  const named = (clause: string, what: string, name: string): RefusedBody => ({ clause, what, body: { name }, name });
  return [
    { clause: 'PAIR-12', what: 'invalid JSON', body: '{"name": ' },
    { clause: 'PAIR-12', what: 'no name', body: {} },
    { clause: 'PAIR-12', what: 'a number as name', body: { name: 42 } },
    named('NAME-01', 'no prefix', `${tag}-x`),
    named('NAME-01', 'another prefix', `user/${tag}-x`),
    named('NAME-01', 'the prefix in another case', `Local/${tag}-x`),
    named('NAME-02', 'a cloud/ name', `cloud/${tag}-x`),
    named('NAME-03', 'nothing after the prefix', PREFIX),
    named('NAME-04', '41 characters after the prefix', `${PREFIX}${`${tag}-`.padEnd(41, 'y')}`),
    ...['.', '!', '@', ':', 'é', '\t', '\n'].map((ch) => named('NAME-07', `the character ${JSON.stringify(ch)}`, `${PREFIX}${tag}-c${ch}x`)),
  ];
}
