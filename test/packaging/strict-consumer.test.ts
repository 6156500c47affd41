// Issue 13, part 3: the published declarations compile in a strict consumer that does not skip
// library checks. Such a consumer has only the package and its `dependencies`: a declaration that
// imports a devDependency's types (`@types/seedrandom`, `@types/moo`) is TS7016 there, and one
// that imports an optional peer's types (ioredis, better-sqlite3, ws) is TS2307 for every game
// that does not use that entry.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entries, makeConsumer, ROOT, type Consumer } from './support.js';

const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

/** Runs the repository's tsc on a consumer tsconfig; its output on failure. */
function tsc(dir: string, project: string): { ok: boolean; output: string } {
  try {
    execFileSync(process.execPath, [TSC, '-p', project], { cwd: dir, encoding: 'utf8', stdio: 'pipe' });
    return { ok: true, output: '' };
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string };
    return { ok: false, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

/** A consumer source file that imports every entry in `names`, so tsc loads all their declarations. */
function importsOf(names: string[]): string {
  const lines = names.map((n, i) => `import * as e${i} from '${n}';`);
  return `${lines.join('\n')}\nexport const entries = [${names.map((_, i) => `e${i}`).join(', ')}];\n`;
}

const STRICT = { strict: true, skipLibCheck: false, noEmit: true, target: 'ES2022' };

describe('a strict consumer (skipLibCheck: false) compiles against the packed package', () => {
  let consumer: Consumer;

  beforeAll(() => {
    consumer = makeConsumer();
    writeFileSync(join(consumer.dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  }, 60_000);
  afterAll(() => consumer?.remove());

  it('the package lists the entries this test imports', () => {
    expect(entries(consumer.manifest)).toEqual(
      expect.arrayContaining([
        'storyletengine',
        'storyletengine/node',
        'storyletengine/runtime',
        'storyletengine/redis',
        'storyletengine/sqlite',
        'storyletengine/board',
        'storyletengine/mtg',
      ]),
    );
  });

  it('a browser project (bundler resolution, no Node types) compiles the main entry and the runtime', () => {
    writeFileSync(join(consumer.dir, 'browser.ts'), importsOf(['storyletengine', 'storyletengine/runtime']));
    writeFileSync(
      join(consumer.dir, 'tsconfig.browser.json'),
      JSON.stringify({
        compilerOptions: { ...STRICT, module: 'ESNext', moduleResolution: 'Bundler', lib: ['ES2022', 'DOM'], types: [] },
        files: ['browser.ts'],
      }),
    );
    const r = tsc(consumer.dir, 'tsconfig.browser.json');
    expect(r.output).toBe('');
    expect(r.ok).toBe(true);
  }, 60_000);

  it('a Node project (NodeNext, @types/node) compiles every public entry, with no optional peer installed', () => {
    consumer.link('@types/node');
    const names = entries(consumer.manifest);
    writeFileSync(join(consumer.dir, 'node.ts'), importsOf(names));
    writeFileSync(
      join(consumer.dir, 'tsconfig.node.json'),
      JSON.stringify({
        compilerOptions: { ...STRICT, module: 'NodeNext', moduleResolution: 'NodeNext', lib: ['ES2022'], types: ['node'] },
        files: ['node.ts'],
      }),
    );
    const r = tsc(consumer.dir, 'tsconfig.node.json');
    expect(r.output).toBe('');
    expect(r.ok).toBe(true);
  }, 60_000);
});
