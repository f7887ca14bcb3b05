// The options of the commands that read what runs wrote: history, rejudge, report, diff, can-i-deploy, compare, and the
// certification's sign, verify, revoke and certifications.
import type { Argv } from 'yargs';
import { RELEASE_VERSIONS } from '../spec/releases.js';

export function historyOptions<T>(y: Argv<T>) {
  return y
    .positional('file', { type: 'string', demandOption: true, describe: 'the history database (SQLite), as --history names it' })
    .option('import', {
      type: 'array',
      string: true,
      default: [] as string[],
      describe: 'results.json files, or folders searched for them, to add first (a run already there is kept once)',
    })
    .option('serial', { type: 'string', describe: 'only this device' })
    .option('html', { type: 'string', describe: 'also write the history as an HTML page to this file' })
    .option('json', { type: 'boolean', default: false, describe: 'print JSON for tools instead of the table' });
}

export type HistoryArgs = Awaited<ReturnType<typeof historyOptions>['argv']>;

export function rejudgeOptions<T>(y: Argv<T>) {
  return y.positional('results', { type: 'string', demandOption: true, describe: 'a results.json that energy-conform run wrote' });
}

export function reportOptions<T>(y: Argv<T>) {
  return y
    .positional('results', { type: 'string', demandOption: true, describe: 'a results.json that energy-conform run wrote' })
    .option('out', { type: 'string', describe: 'where to write the page, default report.html beside the results' });
}

export function diffOptions<T>(y: Argv<T>) {
  return y
    .positional('a', { type: 'string', demandOption: true, describe: "the earlier side: a capture, or a run's results.json" })
    .positional('b', { type: 'string', demandOption: true, describe: "the later side: a capture, or a run's results.json" })
    .option('json', { type: 'boolean', default: false, describe: 'the changes as one JSON document' })
    .option('html', { type: 'string', describe: 'also write the changes as an HTML page to this file' });
}

export type DiffArgs = Awaited<ReturnType<typeof diffOptions>['argv']>;

export function deployOptions<T>(y: Argv<T>) {
  return y
    .positional('contracts', {
      type: 'string',
      array: true,
      demandOption: true,
      describe: 'contract.json files that certify-client wrote, one per integration',
    })
    .option('capture', { type: 'string', demandOption: true, describe: 'the capture of the firmware to deploy (energy-conform capture --out)' })
    .option('history', {
      type: 'string',
      describe: 'also add the capture and the contracts to a history database (also ENERGY_CONFORM_HISTORY), for `energy-conform history FILE`',
    })
    .option('json', { type: 'boolean', default: false, describe: 'the matrix as one JSON document' });
}

export type DeployArgs = Awaited<ReturnType<typeof deployOptions>['argv']>;

export function compareOptions<T>(y: Argv<T>) {
  return y
    .positional('old', { type: 'string', demandOption: true, describe: 'the earlier run: its results.json, or its report folder' })
    .positional('new', { type: 'string', demandOption: true, describe: 'the later run: its results.json, or its report folder' })
    .option('markdown', { type: 'string', describe: 'also append the changes as Markdown to this file (a CI step summary such as $GITHUB_STEP_SUMMARY)' })
    .option('html', { type: 'string', describe: 'also write the changes as an HTML page to this file' });
}

export type CompareArgs = Awaited<ReturnType<typeof compareOptions>['argv']>;

/** `sign`: the reports folder of a run or a certify-client run, the lab's private key, how long the certification holds. */
export function signOptions<T>(y: Argv<T>) {
  return y
    .positional('reports', { type: 'string', demandOption: true, describe: "the folder of a run's or certify-client's reports (its results.json inside)" })
    .option('key', { type: 'string', demandOption: true, describe: 'the Ed25519 private key, PEM (openssl genpkey -algorithm ed25519 -out lab.pem)' })
    .option('valid-days', { type: 'number', default: 365, describe: 'how long the certification holds, in days from now' });
}

/** `verify`: a certification, the public key it is checked with, a revocation list. */
export function verifyOptions<T>(y: Argv<T>) {
  return y
    .positional('certification', {
      type: 'string',
      demandOption: true,
      describe: 'a certification.dsse.json that energy-conform sign wrote, the reports beside it',
    })
    .option('key', { type: 'string', demandOption: true, describe: "the lab's Ed25519 public key, PEM (openssl pkey -in lab.pem -pubout)" })
    .option('revoked', { type: 'string', describe: 'a revocation list signed with the same key (energy-conform revoke writes one)' });
}

/** `revoke`: the certification withdrawn, why, the lab's private key, the list it goes on. */
export function revokeOptions<T>(y: Argv<T>) {
  return y
    .positional('certification', { type: 'string', demandOption: true, describe: 'the certification.dsse.json withdrawn' })
    .option('key', { type: 'string', demandOption: true, describe: 'the Ed25519 private key that signed it, PEM' })
    .option('why', { type: 'string', demandOption: true, describe: 'why it is withdrawn, as verify will say it' })
    .option('list', { type: 'string', demandOption: true, describe: 'the revocation list to add it to (written, or read and signed again)' });
}

/** `certifications`: a folder of signed certifications listed, each verified with the lab's public key. */
export function certificationsOptions<T>(y: Argv<T>) {
  return y
    .positional('folder', {
      type: 'string',
      demandOption: true,
      describe: 'a folder holding certifications (certification.dsse.json at any depth, each beside its reports)',
    })
    .option('key', { type: 'string', demandOption: true, describe: "the lab's Ed25519 public key, PEM, each certification verified with it" })
    .option('revoked', { type: 'string', describe: "the lab's revocation list (energy-conform revoke writes one)" })
    .option('out', { type: 'string', describe: 'where certifications.html and certifications.json go (default: the folder)' })
    .option('release', {
      choices: RELEASE_VERSIONS,
      describe: 'list the certifications of this release of the v2 API only (and those whose release cannot be read, with why)',
    })
    .option('json', { type: 'boolean', default: false, describe: 'print the listing as JSON instead of the table' });
}
