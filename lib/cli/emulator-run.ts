// A run against an emulator of this package: its CA, and a press hook on its control port (npm start,
// and the tests' conformance project).
import { accessSync, constants } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ReadyInfo } from '../emulator/emulator.js';
import { DEFAULT_PAIRING_NAME, DEFAULT_REQUEST_TIMEOUT_MS } from '../meeting/target.js';
import type { RunConfig } from '../runner/config.js';

/** Whether `command` is an executable file in one of `searchPath`'s folders, as the shell would find it. */
function onPath(command: string, searchPath: string): boolean {
  const names = process.platform === 'win32' ? [`${command}.exe`, command] : [command];
  return searchPath
    .split(path.delimiter)
    .filter(Boolean)
    .some((dir) =>
      names.some((name) => {
        try {
          accessSync(path.join(dir, name), constants.X_OK);
          return true;
        } catch {
          return false;
        }
      }),
    );
}

/**
 * A press hook that presses the emulator's button through its control port: curl where the shell finds it (a few
 * milliseconds), else Node, which every machine with this package has (some 0.1 s a press; `npm start`'s run ended
 * 0.12 s later with it). The tests' runs, the bench's and `npm start`'s press alike.
 */
export function pressHookFor(ready: ReadyInfo, searchPath = process.env.PATH ?? ''): string {
  if (onPath('curl', searchPath)) return `curl -fsS -X POST "${ready.controlUrl}/press"`;
  // node:http rather than fetch: the hook runs for every press, and loading fetch takes longer than the press.
  return (
    `"${process.execPath}" -e "require('node:http').request('${ready.controlUrl}/press',{method:'POST'},` +
    `(r)=>process.exit(r.statusCode<300?0:1)).on('error',()=>process.exit(1)).end()"`
  );
}

/** A RunConfig that points at an emulator (its CA, its press hook); `more` overrides the defaults. */
export async function emulatorRunConfig(ready: ReadyInfo, tokenStore: string, more: Partial<RunConfig> = {}): Promise<RunConfig> {
  return {
    host: ready.host,
    httpPort: ready.httpPort,
    httpsPort: ready.httpsPort,
    kind: ready.kind,
    forceKind: false,
    caPem: await readFile(ready.ca, 'utf8'),
    caLabel: "the emulator's test CA",
    insecure: false,
    tokenStore,
    pressHook: pressHookFor(ready),
    pressTimeoutS: 30,
    pairingName: DEFAULT_PAIRING_NAME,
    slow: false,
    allowCloudToggle: false,
    allowReboot: false,
    profiles: ['spec'],
    manual: false,
    strict: false,
    forget: false,
    yes: true,
    requestTimeoutMs: DEFAULT_REQUEST_TIMEOUT_MS,
    paceMs: 0,
    ...more,
  };
}
