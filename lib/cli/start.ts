// `npm start [-- --kind <kind>] [--cert-style cn-only] [--profile vendor]`: the whole suite against a fresh emulator, press hook wired to its
// control port. The quickest way to see what energy-conform does.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { EnergyConformError } from '../client/errors.js';
import { CERT_STYLES, type CertStyle, startEmulator } from '../emulator/emulator.js';
import { runConformance } from '../runner/run.js';
import { streamIo } from '../operator/operator-io.js';
import { KIND_IDS, type KindId } from '../spec/kinds.js';
import { PROFILES, type Profile } from '../spec/clause-types.js';
import { emulatorRunConfig } from './emulator-run.js';

const args = await yargs(hideBin(process.argv))
  .scriptName('npm start --')
  .option('kind', { choices: KIND_IDS, default: 'energysocket' as KindId, describe: 'device kind to emulate' })
  .option('reports', { type: 'string', describe: 'report folder, default reports/<serial>-<UTC timestamp>/' })
  .option('cert-style', {
    choices: CERT_STYLES,
    default: 'real' as CertStyle,
    describe: 'real: with a DNS subject-alternative name as real P1 certificates (TLS-03 warns); cn-only: the CN alone',
  })
  .option('profile', {
    type: 'array',
    choices: PROFILES,
    default: ['spec'] as Profile[],
    describe: 'catalogues to judge against: spec (spec/clauses.md), vendor (spec/vendor-clauses.md); both: --profile spec vendor',
  })
  .option('allow-reboot', { type: 'boolean', default: false, describe: "also run the vendor profile's reboot checks (the emulator is back within seconds)" })
  .strict()
  .parseAsync();

const emu = await startEmulator({ kind: args.kind, certStyle: args['cert-style'] });
const dir = await mkdtemp(path.join(tmpdir(), 'energy-conform-start-'));
const io = streamIo(process.stderr, false);
const say = io.say;
try {
  const { ready } = emu;
  say(
    `emulated ${ready.kind} serial ${ready.serial} at ${ready.host}: HTTP ${ready.httpPort ?? '—'}, HTTPS ${ready.httpsPort ?? '—'}, control ${ready.controlUrl}`,
  );
  const outcome = await runConformance(
    await emulatorRunConfig(ready, path.join(dir, 'tokens.json'), {
      reportsDir: args.reports,
      profiles: [...new Set(args.profile)],
      allowReboot: args['allow-reboot'],
    }),
    io,
  );
  process.stdout.write(`${outcome.summary}\n`);
  process.exitCode = outcome.exitCode;
} catch (err) {
  say(err instanceof EnergyConformError ? `${err.message} [${err.code}]` : String(err));
  process.exitCode = 2;
} finally {
  await emu.close();
  await rm(dir, { recursive: true, force: true });
}
