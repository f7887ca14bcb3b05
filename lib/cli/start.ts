// `npm start [-- --kind <kind>]`: the whole suite against a fresh emulator, press hook wired to its
// control port. The quickest way to see what energy-conform does.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { EnergyConformError } from '../client/errors.js';
import { startEmulator } from '../emulator/emulator.js';
import { DEFAULT_PAIRING_NAME, DEFAULT_REQUEST_TIMEOUT_MS } from '../runner/config.js';
import { runConformance } from '../runner/run.js';
import { streamIo } from '../operator/operator-io.js';
import { KIND_IDS, type KindId } from '../spec/kinds.js';
import { pressHookFor } from './cli-process.js';

const args = await yargs(hideBin(process.argv))
  .scriptName('npm start --')
  .option('kind', { choices: KIND_IDS, default: 'energysocket' as KindId, describe: 'device kind to emulate' })
  .option('reports', { type: 'string', describe: 'report folder, default reports/<serial>-<UTC timestamp>/' })
  .strict()
  .parseAsync();

const emu = await startEmulator({ kind: args.kind });
const dir = await mkdtemp(path.join(tmpdir(), 'energy-conform-start-'));
const io = streamIo(process.stderr, false);
const say = io.say;
try {
  const { ready } = emu;
  say(`emulated ${ready.kind} serial ${ready.serial} at ${ready.host}: HTTP ${ready.httpPort ?? '—'}, HTTPS ${ready.httpsPort ?? '—'}, control ${ready.controlUrl}`);
  const outcome = await runConformance({
    host: ready.host, httpPort: ready.httpPort ?? 1, httpsPort: ready.httpsPort ?? 1, kind: ready.kind,
    caPem: await readFile(ready.ca, 'utf8'), caLabel: 'the emulator\'s test CA', insecure: false,
    tokenStore: path.join(dir, 'tokens.json'), pressHook: pressHookFor(ready), pressTimeoutS: 30,
    pairingName: DEFAULT_PAIRING_NAME, slow: false, allowCloudToggle: false, manual: false, strict: false, forget: false, yes: true,
    reportsDir: args.reports, requestTimeoutMs: DEFAULT_REQUEST_TIMEOUT_MS,
  }, io);
  process.stdout.write(`${outcome.summary}\n`);
  process.exitCode = outcome.exitCode;
} catch (err) {
  say(err instanceof EnergyConformError ? `${err.message} [${err.code}]` : String(err));
  process.exitCode = 2;
} finally {
  await emu.close();
  await rm(dir, { recursive: true, force: true });
}
