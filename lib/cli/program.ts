// The command line as a function: argv in, exit code out (undefined while `emulate` keeps running).
// main.ts runs it once for the process; the self-test's warm CLI (lib/testing/warm-cli.ts) runs it for
// one command line after another. A command's module is loaded when it runs, so that --help and a
// mistyped flag answer at once.
import yargs, { type Argv } from 'yargs';
import { EnergyConformError, RunError } from '../client/errors.js';
import { packageVersion } from '../runner/package-root.js';
import { captureOptions, discoverOptions, exploreOptions, pairOptions, replayOptions, runOptions, soakOptions } from './options.js';
import {
  certificationsOptions,
  compareOptions,
  deployOptions,
  diffOptions,
  historyOptions,
  rejudgeOptions,
  reportOptions,
  revokeOptions,
  signOptions,
  verifyOptions,
} from './options-records.js';
import { certifyOptions, emulateOptions } from './options-emulator.js';
import { nearest, notNumbers, withoutValue } from './suggest.js';

type Handler = (a: never, env: NodeJS.ProcessEnv) => Promise<number | 'running'>;

interface Command {
  name: string;
  describe: string;
  options: (y: Argv) => Argv<unknown>;
  example: [string, string];
  handler: () => Promise<Handler>;
}

const COMMANDS: Command[] = [
  {
    name: 'run',
    describe: 'run the conformance suites against a device',
    options: runOptions,
    example: ['$0 run --host 192.168.1.40 --reports out', 'test the device at that address; reports in out/'],
    handler: async () => (await import('./run-command.js')).runCommand as Handler,
  },
  {
    name: 'explore',
    describe: "random sequences of the specification's requests, judged by its state machines; a disagreement is shrunk and replayed by --seed",
    options: exploreOptions,
    example: ['$0 explore --host 192.168.1.40 --press-hook "relay 3" --seed 42', 'the same sequences as the run with seed 42; reports in reports/'],
    handler: async () => (await import('./run-command.js')).exploreCommand as Handler,
  },
  {
    name: 'soak',
    describe: 'simulated integrations poll the device for hours, with spot checks; a verdict against error, reboot and latency thresholds',
    options: soakOptions,
    example: ['$0 soak --host 192.168.1.40 --duration 8h --reports night', 'a night of three integrations polling; plots and figures in night/report.html'],
    handler: async () => (await import('./soak-command.js')).soakCommand as Handler,
  },
  {
    name: 'capture',
    describe: 'write down what a device serves (every GET, refused answers, headers, certificate, WebSocket, latency), reading only; tokens never in it',
    options: captureOptions,
    example: ['$0 capture --host 192.168.1.40 --out p1-6.00.json', 'the device as it answers, in one JSON file to diff or share'],
    handler: async () => (await import('./capture-command.js')).captureCommand as Handler,
  },
  {
    name: 'pair',
    describe: 'pair with a device by its button and keep the token for later runs',
    options: pairOptions,
    example: ['$0 pair --host 192.168.1.40', 'press the button when asked; the token is kept for later runs'],
    handler: async () => (await import('./run-command.js')).pairCommand as Handler,
  },
  {
    name: 'discover',
    describe: 'list the devices that answer over mDNS',
    options: discoverOptions,
    example: ['$0 discover --json', 'one line of JSON per device found'],
    handler: async () => (await import('./discover-command.js')).discoverCommand as Handler,
  },
  {
    name: 'report <results>',
    describe: "render report.html again from a run's results.json",
    options: reportOptions,
    example: ['$0 report out/results.json', 'write out/report.html again'],
    handler: async () => (await import('./report-command.js')).reportCommand as Handler,
  },
  {
    name: 'rejudge <results>',
    describe: "judge a run's recorded exchanges again with this version's judges: the verdict as run prints it, and what changed; exit as run does",
    options: rejudgeOptions,
    example: ['$0 rejudge reports/fw-6.00/results.json', 'the run of an older version, judged as this one would'],
    handler: async () => (await import('./rejudge-command.js')).rejudgeCommand as Handler,
  },
  {
    name: 'replay <results>',
    describe:
      "send one clause's recorded requests again to the device and judge the answers with the same judge (a clause judged on an occasion: run it again alone); exit 1 if it still fails, 0 if it passes now",
    options: replayOptions,
    example: ['$0 replay reports/fw-6.01/results.json --clause VER-06 --host 192.168.1.40', 'the failure, asked again of the firmware that fixes it'],
    handler: async () => (await import('./replay-command.js')).replayCommand as Handler,
  },
  {
    name: 'compare <old> <new>',
    describe: 'what changed between two runs, new failures first; exit 1 where something that passed fails now',
    options: compareOptions,
    example: ['$0 compare reports/fw-6.00 reports/fw-6.01 --markdown changes.md', 'the clauses and rows whose status changed with the new firmware'],
    handler: async () => (await import('./compare-command.js')).compareCommand as Handler,
  },
  {
    name: 'diff <a> <b>',
    describe:
      'the shape differences of every answer between two captures or runs: what breaks a client first, then what was added; exit 1 on a breaking change',
    options: diffOptions,
    example: [
      '$0 diff p1-6.00.json p1-6.01.json',
      'fields removed, retyped, reformatted or rescaled by the new firmware; values that merely change are not reported',
    ],
    handler: async () => (await import('./diff-command.js')).diffCommand as Handler,
  },
  {
    name: 'can-i-deploy <contracts..>',
    describe: "which integrations a firmware breaks: its capture held to each integration's contract (certify-client writes them); exit 1 where one breaks",
    options: deployOptions,
    example: [
      '$0 can-i-deploy --capture p1-6.01.json reports/certify-*/contract.json',
      'each integration: what it relied on that the new firmware no longer serves in that shape',
    ],
    handler: async () => (await import('./deploy-command.js')).deployCommand as Handler,
  },
  {
    name: 'history <file>',
    describe: 'what a history of runs tells per device: clause × firmware, where each clause first failed, flips without a firmware change, soaks',
    options: historyOptions,
    example: ['$0 history lab.db --import reports/ --html history.html', 'fill the history from reports on disk, then print it and write it as a page'],
    handler: async () => (await import('./history-command.js')).historyCommand as Handler,
  },
  {
    name: 'certify-client',
    describe: 'judge an integration: serve it an emulated device through a scenario, then judge every client clause',
    options: certifyOptions,
    example: [
      '$0 certify-client --name my-binding -- node my-binding-test.js',
      'run the integration with the device in its environment; reports when the scenario ends',
    ],
    handler: async () => (await import('./certify-command.js')).certifyCommand as Handler,
  },
  {
    name: 'sign <reports>',
    describe: "sign a run's or certify-client's reports with the lab's Ed25519 key: an in-toto test result in a DSSE envelope, beside them",
    options: signOptions,
    example: ['$0 sign reports/p1-6.00 --key lab.pem', 'reports/p1-6.00/certification.dsse.json, vouching for every report there'],
    handler: async () => (await import('./attest-command.js')).signCommand as Handler,
  },
  {
    name: 'verify <certification>',
    describe:
      "check a certification offline with the lab's public key: its signature, every report beside it, its expiry, a revocation list; exit 1 where any fails",
    options: verifyOptions,
    example: ['$0 verify reports/p1-6.00/certification.dsse.json --key lab.pub.pem', 'holds, or each thing that fails'],
    handler: async () => (await import('./attest-command.js')).verifyCommand as Handler,
  },
  {
    name: 'revoke <certification>',
    describe: 'withdraw a certification: add it to a revocation list signed with the same key, which verify --revoked honours',
    options: revokeOptions,
    example: [
      '$0 revoke reports/p1-6.00/certification.dsse.json --key lab.pem --why "firmware withdrawn" --list revoked.dsse.json',
      'the list, signed again with it on',
    ],
    handler: async () => (await import('./attest-command.js')).revokeCommand as Handler,
  },
  {
    name: 'certifications <folder>',
    describe: 'list the certifications in a folder, each verified: integration or device, release, kind, outcome, signed, expiry, revoked; a page and JSON',
    options: certificationsOptions,
    example: ['$0 certifications published --key lab.pub.pem --revoked revoked.dsse.json', 'published/certifications.html and certifications.json'],
    handler: async () => (await import('./attest-command.js')).certificationsCommand as Handler,
  },
  {
    name: 'emulate',
    describe: 'start an emulated device (prints a ready line of JSON)',
    options: emulateOptions,
    example: ['$0 emulate --kind energysocket --fault power-on-ignored', 'a socket that ignores being switched on'],
    handler: async () => (await import('./emulate-command.js')).emulateCommand as Handler,
  },
];

interface YargsInternals {
  getInternalMethods(): { getUsageInstance(): { cacheHelpMessage(): void } };
}

const commandName = (c: Command) => c.name.split(' ')[0]!;

function errorText(err: unknown): string {
  const msg = err instanceof EnergyConformError ? `${err.message} [${err.code}]` : err instanceof Error ? (err.stack ?? err.message) : String(err);
  return `energy-conform: ${msg}\n`;
}

/** yargs' "Unknown argument: rnu" with the command or flag that was likely meant; a missing positional named. */
function unknownArguments(msg: string, argv: readonly string[]): string {
  const command = COMMANDS.find((c) => commandName(c) === argv[0]);
  if (command && msg.startsWith('Not enough non-option arguments')) return `\`${commandName(command)}\` needs more: energy-conform ${command.name}`;
  const m = /^Unknown arguments?: (.+)$/.exec(msg);
  if (!m) return msg;
  // A mistyped command: its flags are unknown only because the command is.
  const first = argv[0];
  if (!command && first !== undefined && !first.startsWith('-')) {
    const meant = nearest(first, COMMANDS.map(commandName));
    return `there is no command "${first}"${meant ? `; did you mean ${meant}?` : ''}`;
  }
  const flags = command
    ? Object.keys((command.options(yargs([])) as unknown as { getOptions(): { key: Record<string, unknown> } }).getOptions().key)
    : ['help', 'version'];
  return m[1]!
    .split(', ')
    .map((word) => {
      const asFlag = argv.some((a) => a === `--${word}` || a.startsWith(`--${word}=`) || a === `-${word}`);
      const meant = asFlag ? nearest(word, flags) : undefined;
      const what = `${command ? `\`${commandName(command)}\` has` : 'there is'} no ${asFlag ? `option --${word}` : `argument "${word}"`}`;
      return `${what}${meant ? `; did you mean --${meant}?` : ''}`;
    })
    .join('; ');
}

export async function runProgram(argv: string[], env: NodeJS.ProcessEnv): Promise<number | undefined> {
  let code: number | undefined;
  // yargs reports a failure through .fail() and may also reject or throw: remember the first only.
  let failure: unknown;
  // In English whatever the operator's locale, as every other word it prints (and .fail() reads yargs' own messages).
  let y = yargs(argv).locale('en').scriptName('energy-conform').usage('$0 <command> [options]\n\nConformance suite for the local API of home energy devices.');
  for (const c of COMMANDS) {
    y = y.command(
      c.name,
      c.describe,
      (sub) => c.options(sub).example(...c.example),
      async (a) => {
        // yargs runs the handler even after .fail() has been told of a bad flag: a command line it refused does nothing.
        if (failure !== undefined) return;
        const r = await (await c.handler())(a as never, env);
        if (r !== 'running') code = r;
      },
    );
  }
  // yargs builds the help of the command that runs, after its handler starts, to show should the handler fail;
  // this program's .fail() never shows it, and building it took some 70 ms of every command's start (yargs 18).
  (y as unknown as YargsInternals).getInternalMethods().getUsageInstance().cacheHelpMessage = () => undefined;
  try {
    await y
      .middleware((a) => {
        const bad = notNumbers(argv, a);
        if (bad.length) throw new RunError('EC_BAD_OPTION', bad.map((b) => `--${b.flag} takes a number, not ${JSON.stringify(b.typed)}`).join('; '));
        const empty = withoutValue(argv, a);
        if (empty.length)
          throw new RunError(
            'EC_BAD_OPTION',
            `${empty.map((f) => `--${f}`).join(', ')} ${empty.length === 1 ? 'needs a value' : 'need values'}; see energy-conform --help`,
          );
      }, true)
      .demandCommand(1, `name a command: ${COMMANDS.map(commandName).join(', ')}`)
      .strict()
      .help()
      .alias('help', 'h')
      .version('version', 'show the version', packageVersion())
      .wrap(Math.min(110, process.stdout.columns || 110))
      .parserConfiguration({ 'boolean-negation': false, 'camel-case-expansion': false, 'populate--': true })
      .fail((msg, err) => {
        failure ??= err ?? new RunError('EC_BAD_OPTION', `${unknownArguments(msg.replace(/\n\s*/g, ' '), argv)}; see energy-conform --help`);
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
