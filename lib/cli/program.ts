// The command line as a function: argv in, exit code out (undefined while `emulate` keeps running).
// main.ts runs it once for the process; the self-test's warm CLI (lib/testing/warm-cli.ts) runs it for
// one command line after another. A command's module is loaded when it runs, so that --help and a
// mistyped flag answer at once.
import yargs from 'yargs';
import { EnergyConformError, RunError } from '../client/errors.js';
import { discoverOptions, emulateOptions, pairOptions, reportOptions, runOptions } from './options.js';

function errorText(err: unknown): string {
  const msg = err instanceof EnergyConformError ? `${err.message} [${err.code}]` : err instanceof Error ? err.stack ?? err.message : String(err);
  return `energy-conform: ${msg}\n`;
}

export async function runProgram(argv: string[], env: NodeJS.ProcessEnv): Promise<number | undefined> {
  let code: number | undefined;
  // yargs reports a failure through .fail() and may also reject or throw: remember the first only.
  let failure: unknown;
  try {
    await yargs(argv)
      .scriptName('energy-conform')
      .usage('$0 <command> [options]\n\nConformance suite for the local API of home energy devices.')
      .command('run', 'run the conformance suites against a device', (y) => runOptions(y),
        async (a) => void (code = await (await import('./run-command.js')).runCommand(a, env)))
      .command('pair', 'pair with a device by its button and keep the token for later runs', (y) => pairOptions(y),
        async (a) => void (code = await (await import('./run-command.js')).pairCommand(a, env)))
      .command('discover', 'list the devices that answer over mDNS', (y) => discoverOptions(y),
        async (a) => void (code = await (await import('./discover-command.js')).discoverCommand(a)))
      .command('report <results>', 'render report.html again from a run\'s results.json', (y) => reportOptions(y),
        async (a) => void (code = await (await import('./report-command.js')).reportCommand(a)))
      .command('emulate', 'start an emulated device (prints a ready line of JSON)', (y) => emulateOptions(y),
        async (a) => {
          const r = await (await import('./emulate-command.js')).emulateCommand(a);
          if (r !== 'running') code = r;
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
      .exitProcess(false)
      .parseAsync();
  } catch (err) {
    failure ??= err;
  }
  if (failure) {
    process.stderr.write(errorText(failure));
    return 2;
  }
  return code;
}
