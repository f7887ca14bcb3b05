// The command line. Only this folder reads argv or env, and only main.ts exits the process. A command's
// module is loaded when it runs, so that --help and a mistyped flag answer at once.
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { EnergyConformError, RunError } from '../client/errors.js';
import { discoverOptions, emulateOptions, pairOptions, reportOptions, runOptions } from './options.js';

function exitWith(code: number): void {
  process.exitCode = code;
}

function reportError(err: unknown): void {
  const msg = err instanceof EnergyConformError ? `${err.message} [${err.code}]` : err instanceof Error ? err.stack ?? err.message : String(err);
  process.stderr.write(`energy-conform: ${msg}\n`);
  exitWith(2);
}

// yargs reports a failure through .fail() and may also reject or throw: remember the first only.
let failure: unknown;
try {
  await yargs(hideBin(process.argv))
    .scriptName('energy-conform')
    .usage('$0 <command> [options]\n\nConformance suite for the local API of home energy devices.')
    .command('run', 'run the conformance suites against a device', (y) => runOptions(y),
      async (a) => exitWith(await (await import('./run-command.js')).runCommand(a, process.env)))
    .command('pair', 'pair with a device by its button and keep the token for later runs', (y) => pairOptions(y),
      async (a) => exitWith(await (await import('./run-command.js')).pairCommand(a, process.env)))
    .command('discover', 'list the devices that answer over mDNS', (y) => discoverOptions(y),
      async (a) => exitWith(await (await import('./discover-command.js')).discoverCommand(a)))
    .command('report <results>', 'render report.html again from a run\'s results.json', (y) => reportOptions(y),
      async (a) => exitWith(await (await import('./report-command.js')).reportCommand(a)))
    .command('emulate', 'start an emulated device (prints a ready line of JSON)', (y) => emulateOptions(y),
      async (a) => {
        const r = await (await import('./emulate-command.js')).emulateCommand(a);
        if (r !== 'running') exitWith(r);
      })
    .demandCommand(1, 'name a command: discover, run, pair, report or emulate')
    .strict()
    .help()
    .version(false)
    .wrap(Math.min(110, process.stdout.columns || 110))
    .parserConfiguration({ 'boolean-negation': false, 'camel-case-expansion': false })
    .fail((msg, err) => {
      failure ??= err ?? new RunError('EC_BAD_OPTION', `${msg.replace(/\n\s*/g, ' ')}; see energy-conform --help`);
    })
    .parseAsync();
} catch (err) {
  failure ??= err;
}
if (failure) reportError(failure);
