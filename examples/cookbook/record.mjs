// The cookbook's one source of truth is its example folders: docs/cookbook.md embeds each file of
// them after a `<!-- file: path -->` marker, and each folder's output.txt is what its script prints.
// `npm run docs:cookbook` (after `npm run build`) re-records every output.txt and rewrites the
// embedded blocks; test/cookbook/cookbook.test.ts fails when either is out of date.
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');
export const DOC = join(ROOT, 'docs/cookbook.md');
const TSX = join(ROOT, 'node_modules/tsx/dist/cli.mjs');
const CLI = join(ROOT, 'dist/cli/main.js');

/** The pattern folders, by name, in name order. */
export function patterns() {
  const dir = join(ROOT, 'examples/cookbook');
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

/** The files of a pattern the cookbook shows: its content, its script and what the script prints. */
export function patternFiles(name) {
  const base = `examples/cookbook/${name}`;
  const script = existsSync(join(ROOT, base, 'script.ts')) ? 'script.ts' : 'script.sh';
  return [`${base}/content.yaml`, `${base}/${script}`, `${base}/output.txt`];
}

/**
 * Runs a pattern's script from the repository's root, as a reader would (`npx tsx
 * examples/cookbook/<name>/script.ts`, or the script.sh lines with `storyletengine` the built CLI),
 * and returns what it prints. Fails when the script fails (its asserts are the pattern's test).
 */
export async function runPattern(name) {
  const [, script] = patternFiles(name);
  const env = { ...process.env, NO_COLOR: '1' };
  delete env.FORCE_COLOR;
  const run = promisify(execFile);
  if (script.endsWith('.ts')) return (await run(process.execPath, [TSX, script], { cwd: ROOT, env })).stdout;
  let out = '';
  for (const line of readFileSync(join(ROOT, script), 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))) {
    const [cmd, ...args] = line.trim().split(/\s+/);
    if (cmd !== 'storyletengine') throw new Error(`${script}: only storyletengine commands are run, got ${cmd}`);
    out += (await run(process.execPath, [CLI, ...args], { cwd: ROOT, env })).stdout;
  }
  return out;
}

/**
 * The embedded blocks of the doc: each `<!-- file: path -->` line, the fence after it, and the
 * block's text (with a final newline, as the file has it).
 */
export function embedded(doc) {
  const lines = doc.split('\n');
  const out = [];
  for (let i = 0; i < lines.length; i++) {
    const m = /^<!-- file: (\S+) -->$/.exec(lines[i]);
    if (!m) continue;
    if (!/^```\w*$/.test(lines[i + 1] ?? '')) throw new Error(`docs/cookbook.md:${i + 1}: a file marker must be right before a fence`);
    let j = i + 2;
    while (j < lines.length && lines[j] !== '```') j++;
    out.push({ path: m[1], line: i + 1, start: i + 2, end: j, text: lines.slice(i + 2, j).join('\n') + '\n' });
    i = j;
  }
  return out;
}

/** The doc with every embedded block replaced by its file's bytes. */
export function embed(doc) {
  const lines = doc.split('\n');
  for (const b of embedded(doc).reverse()) {
    const text = readFileSync(join(ROOT, b.path), 'utf8');
    if (!text.endsWith('\n') || text.includes('\n```')) throw new Error(`${b.path}: must end with a newline and hold no fence`);
    lines.splice(b.start, b.end - b.start, ...text.slice(0, -1).split('\n'));
  }
  return lines.join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const name of patterns()) writeFileSync(join(ROOT, `examples/cookbook/${name}/output.txt`), await runPattern(name));
  writeFileSync(DOC, embed(readFileSync(DOC, 'utf8')));
  console.log(`recorded ${patterns().length} patterns; docs/cookbook.md is up to date`);
}
