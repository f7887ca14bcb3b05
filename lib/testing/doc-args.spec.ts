import { describe, expect, test } from 'vitest';
import { type DocBench, benchArgs } from './doc-args.js';
import { shellBlocks } from './doc-blocks.js';

const BENCH: DocBench = {
  devices: { '192.168.1.40': { httpPort: 8080, httpsPort: 8443, ca: '/ca.pem', controlUrl: 'http://127.0.0.1:9000' } },
  interfaces: { '192.168.1.10': '127.0.0.1' },
  ca: '/bench-ca.pem',
};
const PRESS = ['--press-hook', 'curl -s -X POST http://127.0.0.1:9000/press'];

describe("a guide's command line on the test bench", () => {
  test.for([
    [
      'a real device becomes its emulator, and the person pressing its control port',
      ['run', '--host', '192.168.1.40', '--reports', 'out'],
      ['run', '--host', '127.0.0.1', '--reports', 'out', '--http-port', '8080', '--https-port', '8443', '--ca', '/ca.pem', ...PRESS],
    ],
    [
      'a capture pairs as a run does: the control port presses',
      ['capture', '--host', '192.168.1.40', '--out', 'p1.json'],
      ['capture', '--host', '127.0.0.1', '--out', 'p1.json', '--http-port', '8080', '--https-port', '8443', '--ca', '/ca.pem', ...PRESS],
    ],
    [
      'ports, CA and hook the guide gives stay as given',
      ['run', '--host', '192.168.1.40', '--https-port', '443', '--insecure', '--press-hook', 'relay 3'],
      ['run', '--host', '127.0.0.1', '--https-port', '443', '--insecure', '--press-hook', 'relay 3', '--http-port', '8080'],
    ],
    [
      'with a token nobody presses',
      ['run', '--host', '192.168.1.40', '--token', 'abc'],
      ['run', '--host', '127.0.0.1', '--token', 'abc', '--http-port', '8080', '--https-port', '8443', '--ca', '/ca.pem'],
    ],
    ['discovery stays on loopback', ['discover', '--json'], ['discover', '--json', '--interface', '127.0.0.1']],
    ["an interface the guide names becomes the bench's", ['discover', '--interface', '192.168.1.10'], ['discover', '--interface', '127.0.0.1']],
    ["a run that discovers trusts the bench's CA", ['run', '--all', '--yes'], ['run', '--all', '--yes', '--interface', '127.0.0.1', '--ca', '/bench-ca.pem']],
    ['a command with no device is left alone', ['compare', 'old', 'new'], ['compare', 'old', 'new']],
  ] as const)('%s', ([, argv, expected]) => {
    expect(benchArgs(argv, BENCH)).toEqual(expected);
  });

  test('an address the bench does not stand in for is refused, so no test talks to the network', () => {
    expect(() => benchArgs(['run', '--host', '192.168.1.77'], BENCH)).toThrow(/names 192\.168\.1\.77, which the test bench does not stand in for/);
    expect(() => benchArgs(['discover', '--interface', '10.0.0.5'], BENCH)).toThrow(/10\.0\.0\.5/);
  });
});

describe('the shell blocks of a guide', () => {
  const md = [
    '# Guide',
    '```sh',
    'energy-conform --version',
    '```',
    'text',
    '<!-- doc-test: exits 1 -->',
    '```bash',
    'a',
    'b',
    '```',
    '<!-- doc-test: serves -->',
    '```sh',
    'energy-conform emulate',
    '```',
    '```yaml',
    'not: shell',
    '```',
    '<!-- doc-test: mdns -->',
    '```sh',
    'x',
    '```',
    '<!-- doc-test: by third-party.spec.ts exits 1 -->',
    '```sh',
    'y',
    '```',
  ].join('\n');

  test('are every sh and bash fence, with where they are, how they run and the exit code they end with', () => {
    expect(shellBlocks(md, 'g.md')).toEqual([
      { where: 'g.md:2', script: 'energy-conform --version', mode: 'run', exits: 0 },
      { where: 'g.md:7', script: 'a\nb', mode: 'run', exits: 1 },
      { where: 'g.md:12', script: 'energy-conform emulate', mode: 'serves', exits: 0 },
      { where: 'g.md:19', script: 'x', mode: 'mdns', exits: 0 },
      { where: 'g.md:23', script: 'y', mode: 'by', exits: 1, by: 'third-party.spec.ts' },
    ]);
  });

  test('a mark it does not know, or a block left open, is an error, not a block run some other way', () => {
    expect(() => shellBlocks('<!-- doc-test: skip -->\n```sh\nx\n```', 'g.md')).toThrow(/g\.md:1: "<!-- doc-test: skip -->" is no doc-test mark/);
    expect(() => shellBlocks('```sh\nx\n', 'g.md')).toThrow(/g\.md:1: a shell block with no closing fence/);
  });
});
