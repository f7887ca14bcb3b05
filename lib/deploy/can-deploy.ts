// `can-i-deploy`: a firmware (its capture) held to each integration's contract (contract.ts). For each, what it
// relied on that the capture no longer serves in that shape, classed as `diff` classes a change (lib/diff): an
// answer's field removed, retyped, reformatted or rescaled, a status or content type changed, a WebSocket topic
// that sends something else. What a capture cannot show (a write; a request it did not ask) is listed as not checked.
import type { Capture } from '../capture/schema.js';
import { type Answer, type Change, diffAnswers } from '../diff/diff.js';
import { sideOf } from '../diff/sides.js';
import type { Contract } from './contract.js';

export interface DeployRow {
  integration: string;
  /** The device the contract was certified on. */
  certifiedOn: string;
  status: 'ok' | 'breaks' | 'other kind';
  /** How many answers and WebSocket messages it relied on were compared. */
  compared: number;
  breaks: Change[];
  /** What it relied on that a capture cannot show, in words. */
  notChecked: string[];
}

const withoutVersion = (key: string) => key.replace(/, X-Api-Version: [^)]*\)$/, ')');
const contentTypeOnly = (h: Readonly<Record<string, string>>): Record<string, string> => (h['content-type'] ? { 'content-type': h['content-type'] } : {});

/** Each read the contract relied on beside the capture's answer to it (the same request, or the same without X-Api-Version). */
function pairs(contract: Contract, served: readonly Answer[], hasSocket: boolean) {
  const exact = new Map(served.map((a) => [a.key, a]));
  const loose = new Map(served.filter((a) => !a.key.includes('X-Api-Version')).map((a) => [a.key, a]));
  const relied: Answer[] = [];
  const matched: Answer[] = [];
  const notChecked: string[] = [];
  const silent: Change[] = [];
  for (const r of contract.reads) {
    const theirs = exact.get(r.key) ?? loose.get(withoutVersion(r.key));
    if (!theirs) {
      notChecked.push(`${r.key}: the capture did not ask it`);
      continue;
    }
    relied.push({ key: r.key, status: r.status, headers: r.contentType ? { 'content-type': r.contentType } : {}, samples: r.samples });
    matched.push({ ...theirs, key: r.key, headers: contentTypeOnly(theirs.headers) });
  }
  const messages = Object.entries(contract.websocket?.messages ?? {});
  // A capture without the WebSocket was asked without a token, or refused the upgrade: it cannot tell which.
  if (messages.length && !hasSocket) notChecked.push('the WebSocket: the capture holds none (captured without a token, or the device refused the upgrade)');
  for (const [key, sent] of hasSocket ? messages : []) {
    const theirs = exact.get(key);
    if (!theirs || theirs.samples.every((m) => m === null)) {
      silent.push({
        answer: key,
        path: '(the messages)',
        class: 'removed',
        breaking: true,
        was: `sent (${sent.length} kept)`,
        now: theirs ? 'none within 3 s of subscribing' : 'no such message in the capture',
      });
      continue;
    }
    relied.push({ key, status: 101, headers: {}, samples: sent });
    matched.push(theirs);
  }
  return { relied, matched, notChecked, silent };
}

/** Writes: a capture only reads. A field PUT that the captured GET of the same resource no longer shows is worth a look. */
function writesNotChecked(contract: Contract, served: readonly Answer[]): string[] {
  return contract.writes.map((w) => {
    const get = w.method !== 'PUT' ? undefined : served.find((a) => a.key === `GET ${w.path} (${w.side}, with the token)` && a.status === 200);
    const shown = get?.samples[0] && typeof get.samples[0] === 'object' ? Object.keys(get.samples[0] as object) : null;
    const gone = shown ? Object.keys(w.fields).filter((f) => !shown.includes(f)) : [];
    return (
      `${w.method} ${w.path} (${w.side}): a write, which a capture does not make` +
      (gone.length ? `; it writes ${gone.join(', ')}, which the captured GET ${w.path} no longer shows: check by hand` : '')
    );
  });
}

/** Each contract held to the capture. */
export function canDeploy(capture: Capture, contracts: readonly Contract[]): DeployRow[] {
  const side = sideOf(capture);
  if (typeof side === 'string') throw new Error(side);
  return contracts.map((c): DeployRow => {
    const integration = `${c.integration.name}${c.integration.version ? ` ${c.integration.version}` : ''}`;
    const certifiedOn = `${c.device.kind} firmware ${c.device.firmware_version}`;
    if (c.device.kind !== capture.device.kind) {
      return {
        integration,
        certifiedOn,
        status: 'other kind',
        compared: 0,
        breaks: [],
        notChecked: [`certified on a ${c.device.kind}, the capture is of a ${capture.device.kind}`],
      };
    }
    const { relied, matched, notChecked, silent } = pairs(c, side.answers, capture.websocket !== null);
    const breaks = [...silent, ...diffAnswers(relied, matched, capture.device.kind).filter((x) => x.breaking)];
    return {
      integration,
      certifiedOn,
      status: breaks.length ? 'breaks' : 'ok',
      compared: relied.length + silent.length,
      breaks,
      notChecked: [...notChecked, ...writesNotChecked(c, side.answers)],
    };
  });
}
