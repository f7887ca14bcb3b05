// The command line. Only this folder reads argv or env, and only main.ts exits the process.
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { EnergyConformError } from '../client/errors.js';
import { emulateCommand, emulateOptions } from './emulate-command.js';
import { runCommand, runOptions } from './run-command.js';

function exitWith(code: number): void {
  process.exitCode = code;
}

function reportError(err: unknown): void {
  const msg = err instanceof EnergyConformError ? `${err.message} [${err.code}]` : err instanceof Error ? err.stack ?? err.message : String(err);
  process.stderr.write(`energy-conform: ${msg}\n`);
  exitWith(2);
}

await yargs(hideBin(process.argv))
  .scriptName('energy-conform')
  .usage('$0 <command> [options]\n\nConformance suite for the local API of home energy devices.')
  .command('run', 'run the conformance suites against a device', (y) => runOptions(y),
    async (a) => exitWith(await runCommand(a, process.env)))
  .command('emulate', 'start an emulated device (prints a ready line of JSON)', (y) => emulateOptions(y),
    async (a) => {
      const r = await emulateCommand(a);
      if (r !== 'running') exitWith(r);
    })
  .demandCommand(1, 'name a command: run or emulate')
  .strict()
  .help()
  .version(false)
  .wrap(Math.min(110, process.stdout.columns || 110))
  .fail((msg, err) => {
    if (err) return reportError(err);
    process.stderr.write(`energy-conform: ${msg}; see energy-conform --help\n`);
    exitWith(2);
  })
  .parseAsync()
  .catch(reportError);
