// The names the users suite sends. Every one carries the run tag, so the suite never touches a
// user it did not create.

export const PREFIX = 'local/';

/** 40 characters after the prefix, using every allowed class (NAME-05, NAME-06). */
export function everyClassName(tag: string): string {
  return `${PREFIX}${`${tag}-aZ09-_\\/# x`.padEnd(40, 'x')}`;
}

/** 40 plain characters after the prefix: NAME-05's, and the run's user, where the device refused a class. */
export function plainName(tag: string): string {
  return `${PREFIX}${`${tag}-`.padEnd(40, 'p')}`;
}

/** A short plain name: the run's user where even 40 plain characters were refused. */
export const shortName = (tag: string): string => `${PREFIX}${tag}-u`;

/** The names the run tries in order for its user in window 1, until one is created. */
export const creationNames = (tag: string): string[] => [everyClassName(tag), plainName(tag), shortName(tag)];

export interface RefusedBody {
  clause: 'PAIR-12' | 'NAME-01' | 'NAME-02' | 'NAME-03' | 'NAME-04' | 'NAME-07';
  what: string;
  /** Sent as it is when a string, else as JSON. */
  body: unknown;
  /** The name it would create, for the "no user created" check. */
  name?: string;
}

/** NAME-07: a bad character first after the prefix, in the middle, and last. */
const DISALLOWED = ['.', '!', '@', ':', 'é', '\t', '\n'];
const POSITIONS = [
  { where: 'first after the prefix', name: (tag: string, ch: string) => `${PREFIX}${ch}${tag}-x` },
  { where: 'in the middle', name: (tag: string, ch: string) => `${PREFIX}${tag}-c${ch}x` },
  { where: 'last', name: (tag: string, ch: string) => `${PREFIX}${tag}-x${ch}` },
];

export function refusedBodies(tag: string): RefusedBody[] {
  const named = (clause: RefusedBody['clause'], what: string, name: string): RefusedBody => ({ clause, what, body: { name }, name });
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
    ...DISALLOWED.flatMap((ch) => POSITIONS.map((p) => named('NAME-07', `the character ${JSON.stringify(ch)} ${p.where}`, p.name(tag, ch)))),
  ];
}
