// The shell blocks of the README and the guides, as docs.spec.ts and discover.spec.ts run them. A block is
// run as it stands; the line before its fence may say how, in a comment the rendered page does not show:
// `<!-- doc-test: serves -->` (it runs until stopped: ready once it prints a line of JSON),
// `<!-- doc-test: mdns -->` (it discovers devices: discover.spec.ts runs it, beside the other mDNS tests),
// `<!-- doc-test: exits 1 -->` (its last command ends with that code), `<!-- doc-test: by x.spec.ts exits 1 -->`
// (lib/cli/x.spec.ts runs it, and checks what it wrote).

export type BlockMode = 'run' | 'serves' | 'mdns' | 'by';

export interface ShellBlock {
  /** Where it is, for a test's title: `docs/emulator.md:42`. */
  where: string;
  script: string;
  mode: BlockMode;
  exits: number;
  /** The spec file of lib/cli that runs it (mode `by`). */
  by?: string;
}

const FENCE = /^```(?:sh|bash|shell)\s*$/;
const MARK = /^<!-- doc-test: (serves|mdns|by ([\w-]+\.spec\.ts)(?: exits (\d+))?|exits (\d+)) -->$/;

export function shellBlocks(markdown: string, file: string): ShellBlock[] {
  const lines = markdown.split('\n');
  const blocks: ShellBlock[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    if (!FENCE.test(lines[i]!)) continue;
    const end = lines.indexOf('```', i + 1);
    if (end === -1) throw new Error(`${file}:${i + 1}: a shell block with no closing fence`);
    const mark = MARK.exec(lines[i - 1] ?? '');
    if (!mark && (lines[i - 1] ?? '').includes('doc-test')) throw new Error(`${file}:${i}: "${lines[i - 1]}" is no doc-test mark`);
    const mode: BlockMode = mark?.[1] === 'serves' || mark?.[1] === 'mdns' ? mark[1] : mark?.[2] ? 'by' : 'run';
    blocks.push({
      where: `${file}:${i + 1}`,
      script: lines.slice(i + 1, end).join('\n'),
      mode,
      exits: Number(mark?.[3] ?? mark?.[4] ?? 0),
      ...(mark?.[2] ? { by: mark[2] } : {}),
    });
    i = end;
  }
  return blocks;
}
