// `publish` and `lint` on example and broken content: compiler-style diagnostics with positions
// and a caret, JSON for tools, colour only on a terminal and never with NO_COLOR, exit codes.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ANSI, BIN, cleanEnv, cli, ROOT } from './support.js';

const tmp = mkdtempSync(join(tmpdir(), 'se-cli-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const BROKEN = 'test/fixtures/cli/broken';
const WARNINGS = 'test/fixtures/cli/warnings';

describe('publish', () => {
  it('writes the bundle of the example and exits 0', async () => {
    const out = join(tmp, 'village.json');
    const r = await cli(['publish', 'examples/village', '-o', out]);
    expect(r.code).toBe(0);
    const bundle = JSON.parse(readFileSync(out, 'utf8'));
    expect(bundle.format).toBe('storyletengine/bundle');
    expect(bundle.cards.map((c: { id: string }) => c.id)).toContain('goblin_rumour');
    expect(r.stdout).toContain(`published 7 cards, 4 hands, 1 box to ${out} (bundle ${bundle.hash})`);
  });

  it('writes the bundle to stdout with -o - and keeps the summary off it', async () => {
    const r = await cli(['publish', 'examples/village', '-o', '-']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).format).toBe('storyletengine/bundle');
    expect(r.stderr).toContain('published 7 cards');
  });

  it('prints every error compiler-style with the source line and a caret, writes nothing, exits 1', async () => {
    const out = join(tmp, 'broken.json');
    const r = await cli(['publish', BROKEN, '-o', out]);
    expect(r.code).toBe(1);
    expect(existsSync(out)).toBe(false);
    const file = `${BROKEN}/content.yaml`;
    expect(r.stderr).toContain(`${file}:15:25  error SE012 lang/unknown-name  unknown name @hand.perl`);
    expect(r.stderr).toContain(' 15 |             condition: "@hand.perl > 1"');
    expect(r.stderr).toContain('    |                         ^^^^^^^^^^ did you mean @hand.peril?');
    expect(r.stderr).toContain(`${file}:18:21  error SE019 content/bad-redraw`);
    // Warnings are lint's business.
    expect(r.stderr).not.toContain('SW003');
    expect(r.stderr).toContain('2 errors, 1 warning; no bundle written');
    expect(r.stderr).not.toMatch(ANSI);
  });

  it('gives tools JSON with codes and positions (--format json)', async () => {
    const r = await cli(['publish', BROKEN, '-o', join(tmp, 'x.json'), '--format', 'json']);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout);
    expect(report).toMatchObject({ ok: false, output: null, errors: 2, warnings: 1 });
    const pos = report.diagnostics.map((d: { code: string; number: string; file: string; line: number; col: number }) => [
      d.code,
      d.number,
      d.file,
      d.line,
      d.col,
    ]);
    expect(pos).toEqual([
      ['lint/unused-world', 'SW003', `${BROKEN}/content.yaml`, 3, 3],
      ['lang/unknown-name', 'SE012', `${BROKEN}/content.yaml`, 15, 25],
      ['content/bad-redraw', 'SE019', `${BROKEN}/content.yaml`, 18, 21],
    ]);
    expect(report.diagnostics[1].hint).toBe('did you mean @hand.peril?');
  });

  it('reports a folder that does not exist as a diagnostic, exit 1', async () => {
    const r = await cli(['publish', 'no/such/folder', '-o', join(tmp, 'none.json')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('SE005 content/no-files');
  });

  it('refuses --format json with the bundle on stdout (usage, exit 2)', async () => {
    const r = await cli(['publish', 'examples/village', '-o', '-', '--format', 'json']);
    expect(r.code).toBe(2);
  });
});

describe('colour', () => {
  // `script` gives the binary a real terminal, which is the only place colour is allowed.
  const onTerminal = (env: Record<string, string>) => {
    try {
      return execFileSync('script', ['-qec', `${process.execPath} ${BIN} lint ${BROKEN}`, '/dev/null'], { cwd: ROOT, env: cleanEnv(env), encoding: 'utf8' });
    } catch (err) {
      return String((err as { stdout?: string }).stdout ?? '');
    }
  };

  it('is used on a terminal', () => {
    const out = onTerminal({});
    expect(out).toContain('SE012');
    expect(out).toMatch(ANSI);
  });

  it('is never used with NO_COLOR, even on a terminal', () => {
    const out = onTerminal({ NO_COLOR: '1' });
    expect(out).toContain('SE012');
    expect(out).not.toMatch(ANSI);
  });
});

describe('lint', () => {
  it('passes the example with no warnings', async () => {
    const r = await cli(['lint', 'examples/village', '--max-warnings', '0']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('examples/village: 0 errors, 0 warnings');
  });

  it('prints warnings and passes without a limit', async () => {
    const r = await cli(['lint', WARNINGS]);
    expect(r.code).toBe(0);
    for (const code of ['SW003 lint/unused-world', 'SW001 lint/undealable-card', 'SW004 lint/empty-deck']) expect(r.stdout).toContain(code);
    expect(r.stdout).toContain(`${WARNINGS}/content.yaml:18:11  warning SW001`);
    expect(r.stdout).toContain('0 errors, 3 warnings');
  });

  it('fails CI with more warnings than --max-warnings, passes at the limit', async () => {
    const over = await cli(['lint', WARNINGS, '--max-warnings', '2']);
    expect(over.code).toBe(1);
    expect(over.stdout).toContain('more than --max-warnings 2');
    expect((await cli(['lint', WARNINGS, '--max-warnings', '3'])).code).toBe(0);
  });

  it('fails on errors and prints errors and warnings together', async () => {
    const r = await cli(['lint', BROKEN]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('SE012');
    expect(r.stdout).toContain('SW003');
    expect(r.stdout).toContain('2 errors, 1 warning');
  });

  it('gives tools JSON', async () => {
    const r = await cli(['lint', WARNINGS, '--format', 'json', '--max-warnings', '0']);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout);
    expect(report).toMatchObject({ ok: false, errors: 0, warnings: 3, maxWarnings: 0 });
    expect(report.diagnostics.map((d: { number: string }) => d.number)).toEqual(['SW003', 'SW001', 'SW004']);
  });
});
