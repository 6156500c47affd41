// Every code block in README.md and docs/ runs as written.
//
// - ```ts / ```js blocks are type-checked together (tsc, strict) and each is run with tsx, in a
//   scratch folder of its own under .scratch/ (so node_modules resolve) holding `content/` (a copy
//   of examples/village) and links to the repository's `examples/` and `test/`, since snippets
//   name those. Imports of `storyletengine` and `storyletengine/<entry>` are rewritten to the built
//   files that package.json's `exports` name (with Node's conditions: node, import), so the
//   snippets use what a user installs, whatever the entries are.
// - ```sh blocks are run line by line with `storyletengine` and `mtg` meaning the built binaries,
//   in such a folder, where a.dck, b.dck and c.dck are the starter decks (the guide's placeholders).
// - A block marked `<!-- not-run: why -->` on the line before its fence is not run (a ts block is
//   still type-checked). The test lists them; keep them few and each reason true.
// - A transcript (an unlabelled fence whose first line is `$ storyletengine …` or `$ mtg …`) is
//   run the same way, and what it shows must be true: each shown output line appears in the real
//   output, in order (`...` stands for lines left out); the exit code is 0, or N when a line ends
//   in `# exit N`. session.txt (a REPL script over the village) and bug.jsonl (its recorded
//   trace) are in the folder, since the CLI guide names them.
// Other fences (yaml, json, text, ini) are data, not code.
// `npm test` builds dist/ first; on its own, run `npm run build` before this file.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STARTER_DECKS } from '../../src/mtg/starter/index.js';

const ROOT = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');
const SCRATCH = join(ROOT, '.scratch', `code-blocks-${process.pid}`);
const TS = new Set(['ts', 'typescript', 'js', 'javascript', 'mjs']);
const SH = new Set(['sh', 'bash', 'shell']);
const TOOLS: Record<string, string> = { storyletengine: join(ROOT, 'dist/cli/main.js'), mtg: join(ROOT, 'dist/mtg/cli.js') };

interface Block {
  file: string;
  line: number;
  lang: string;
  code: string;
  notRun?: string;
}

/** The fenced blocks of a Markdown file (fences may be indented, as in a list). */
function blocksOf(file: string, text: string): Block[] {
  const lines = text.split('\n');
  const out: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)```(\w*)\s*$/.exec(lines[i]!);
    if (!open) continue;
    const indent = open[1]!.length;
    let j = i + 1;
    while (j < lines.length && !/^\s*```\s*$/.test(lines[j]!)) j++;
    const code = lines
      .slice(i + 1, j)
      .map((l) => l.slice(Math.min(indent, l.length - l.trimStart().length)))
      .join('\n');
    const marker = /^\s*<!--\s*not-run:\s*(.+?)\s*-->\s*$/.exec(lines[i - 1] ?? '');
    out.push({ file, line: i + 1, lang: open[2]!, code, ...(marker ? { notRun: marker[1]! } : {}) });
    i = j;
  }
  return out;
}

function markdownFiles(): string[] {
  const docs = (dir: string): string[] =>
    readdirSync(join(ROOT, dir))
      .filter((f) => f.endsWith('.md'))
      .sort()
      .map((f) => `${dir}/${f}`);
  return ['README.md', ...docs('docs'), ...docs('docs/mtg')];
}

const ALL = markdownFiles().flatMap((f) => blocksOf(f, readFileSync(join(ROOT, f), 'utf8')));
const isTranscript = (b: Block) => b.lang === '' && /^\$ (storyletengine|mtg) /.test(b.code);
const CODE = ALL.filter((b) => TS.has(b.lang) || SH.has(b.lang) || isTranscript(b));
const where = (b: Block) => `${b.file}:${b.line}`;

type Exports = string | { [condition: string]: Exports };
const PKG = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; exports: Record<string, Exports> };

/** The file an import of the package resolves to, by its `exports`, as Node would pick it. */
function resolveEntry(specifier: string): string {
  const sub = specifier === PKG.name ? '.' : `.${specifier.slice(PKG.name.length)}`;
  let target: Exports | undefined = PKG.exports[sub];
  if (target === undefined) throw new Error(`${specifier}: package.json exports no ${JSON.stringify(sub)}`);
  while (typeof target !== 'string') {
    const key: string | undefined = Object.keys(target).find((k) => k === 'node' || k === 'import' || k === 'default');
    if (key === undefined) throw new Error(`${specifier}: no node/import/default condition in exports[${JSON.stringify(sub)}]`);
    target = target[key]!;
  }
  return join(ROOT, target);
}

/** A ts block as a module file: package imports point at the built entries. */
function moduleText(code: string): string {
  const rewritten = code.replace(
    /(\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)(['"])(storyletengine(?:\/[\w-]+)?)\2/g,
    (_m, lead: string, q: string, spec: string) => `${lead}${q}${resolveEntry(spec)}${q}`,
  );
  // `export {}` keeps each block a module of its own (its names do not clash with another's).
  return `${rewritten}\nexport {};\n`;
}

function run(cmd: string, args: string[], cwd: string, timeoutMs: number): Promise<{ code: number | null; out: string }> {
  return new Promise((done) => {
    const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
    delete env.FORCE_COLOR;
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (out += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, out });
    });
  });
}

/** A scratch folder for one block: content/, links to examples/ and test/, the placeholder decks. */
function workdir(name: string): string {
  const dir = join(SCRATCH, name);
  mkdirSync(dir, { recursive: true });
  cpSync(join(ROOT, 'examples/village'), join(dir, 'content'), { recursive: true, filter: (src) => !src.endsWith('.mjs') });
  for (const link of ['examples', 'test']) symlinkSync(join(ROOT, link), join(dir, link));
  ['a', 'b', 'c'].forEach((n, i) => writeFileSync(join(dir, `${n}.dck`), STARTER_DECKS[i % STARTER_DECKS.length]!.text));
  cpSync(join(ROOT, 'test/fixtures/cli/play/village.txt'), join(dir, 'session.txt'));
  writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
  return dir;
}

const tsBlocks = CODE.filter((b) => TS.has(b.lang));
const shBlocks = CODE.filter((b) => SH.has(b.lang));
const transcripts = CODE.filter(isTranscript);

/** `command` split into words as a shell would for these simple lines (quotes, no expansion). */
function words(command: string): string[] {
  return [...command.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]!);
}
const name = (b: Block) => `${b.file.replace(/[/.]/g, '_')}_${b.line}`;

beforeAll(() => {
  if (!existsSync(TOOLS.storyletengine!) || !existsSync(join(ROOT, 'dist/index.js')))
    throw new Error('dist/ is not built: run `npm run build` (npm test does)');
  mkdirSync(SCRATCH, { recursive: true });
  for (const b of tsBlocks) writeFileSync(join(workdir(name(b)), 'block.ts'), moduleText(b.code));
});
afterAll(() => rmSync(SCRATCH, { recursive: true, force: true }));

describe('code blocks in README.md and docs/', () => {
  it('counts what runs and lists what does not', () => {
    const notRun = CODE.filter((b) => b.notRun);
    const lines = [
      `code blocks: ${CODE.length} (ts/js ${tsBlocks.length}, sh ${shBlocks.length}, transcripts ${transcripts.length}); run ${CODE.length - notRun.length}, not run ${notRun.length}`,
      ...notRun.map((b) => `  not run: ${where(b)} ${b.lang || 'transcript'}: ${b.notRun}`),
    ];
    console.log(lines.join('\n'));
    expect(tsBlocks.length).toBeGreaterThan(10);
    // A marker must sit right before a fence of code; anywhere else it would silently do nothing.
    for (const f of markdownFiles()) {
      const text = readFileSync(join(ROOT, f), 'utf8').split('\n');
      text.forEach((l, i) => {
        if (/<!--\s*not-run:/.test(l))
          expect(
            CODE.some((b) => b.file === f && b.line === i + 2),
            `${f}:${i + 1}: a not-run marker must be right before the fence of a code block or a transcript`,
          ).toBe(true);
      });
    }
  });

  it('the ts/js blocks type-check (strict)', async () => {
    writeFileSync(
      join(SCRATCH, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: 'es2022',
          module: 'nodenext',
          moduleResolution: 'nodenext',
          types: ['node'],
          skipLibCheck: true,
        },
        include: ['*/block.ts'],
      }),
    );
    const r = await run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', SCRATCH], SCRATCH, 120_000);
    // Name each error by its Markdown file and line, not by the scratch file.
    const byBlock = new Map(tsBlocks.map((b) => [name(b), b]));
    const report = r.out.replace(/^(\S+)\/block\.ts\((\d+),(\d+)\)/gm, (m, dir: string, line: string) => {
      const b = byBlock.get(relative(SCRATCH, join(SCRATCH, dir)));
      return b ? `${b.file}:${b.line + Number(line)}` : m;
    });
    expect(report, 'tsc').toBe('');
    expect(r.code).toBe(0);
  }, 180_000);

  for (const b of tsBlocks.filter((x) => !x.notRun)) {
    it(`${where(b)} runs`, async () => {
      const dir = join(SCRATCH, name(b));
      const r = await run(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'block.ts'], dir, 60_000);
      expect(r.code, `${where(b)}:\n${r.out}`).toBe(0);
    }, 90_000);
  }

  for (const b of shBlocks.filter((x) => !x.notRun)) {
    it(`${where(b)} runs`, async () => {
      const dir = existsSync(join(SCRATCH, name(b))) ? join(SCRATCH, name(b)) : workdir(name(b));
      // One command a line (a trailing backslash continues it); `#` starts a comment.
      const commands = b.code
        .replace(/\\\n\s*/g, ' ')
        .split('\n')
        .map((l) => l.replace(/(^|\s)#.*$/, '').trim())
        .filter(Boolean);
      for (const command of commands) {
        const [cmd, ...args] = words(command);
        const tool = TOOLS[cmd!];
        expect(tool, `${where(b)}: \`${cmd}\` is not a command this test can run; mark the block <!-- not-run: why -->`).toBeDefined();
        const r = await run(process.execPath, [tool!, ...args], dir, 60_000);
        expect(r.code, `${where(b)}: ${command}\n${r.out}`).toBe(0);
      }
    }, 180_000);
  }

  for (const b of transcripts.filter((x) => !x.notRun)) {
    it(`${where(b)} (a transcript) is what the command prints`, async () => {
      const dir = workdir(name(b));
      // The trace the guide replays, recorded as it says: trace … --format jsonl > bug.jsonl.
      const rec = await run(process.execPath, [TOOLS.storyletengine!, 'trace', 'content', '--script', 'session.txt', '--format', 'jsonl'], dir, 60_000);
      writeFileSync(join(dir, 'bug.jsonl'), rec.out);
      const [first, ...shown] = b.code.split('\n');
      const [cmd, ...args] = words(first!.slice(2));
      const r = await run(process.execPath, [TOOLS[cmd!]!, ...args], dir, 60_000);
      const exit = /#\s*exit\s+(\d+)\s*$/m.exec(b.code);
      expect(r.code, `${where(b)}: ${first}\n${r.out}`).toBe(exit ? Number(exit[1]) : 0);
      const actual = r.out.split('\n').map((l) => l.trimEnd());
      let at = 0;
      for (const line of shown.map((l) => l.replace(/\s+#\s*exit\s+\d+\s*$/, '').trimEnd())) {
        if (line === '' || line.trim() === '...') continue;
        const found = actual.indexOf(line, at);
        expect(
          found,
          `${where(b)}: the transcript shows\n  ${line}\nwhich \`${first!.slice(2)}\` does not print (after line ${at}):\n${r.out}`,
        ).toBeGreaterThanOrEqual(0);
        at = found + 1;
      }
    }, 90_000);
  }
});
