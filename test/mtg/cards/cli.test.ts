// The `mtg` command, spawned as users run it (through tsx, so no build is needed), in a scratch
// working directory so its `.cards/` is the test's own.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { progressBar } from '../../../src/mtg/cards/progress.js';
import { MINI, REPO } from './support.js';

const TSX = join(REPO, 'node_modules/tsx/dist/loader.mjs');
const CLI = join(REPO, 'src/mtg/cli.ts');
let cwd: string;

function mtg(...args: string[]): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['--import', `file://${TSX}`, CLI, ...args], { cwd, encoding: 'utf8' });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

beforeAll(() => {
  cwd = mkdtempSync(join(tmpdir(), 'mtg-cli-'));
});
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

describe('mtg', () => {
  it('prints usage, and rejects an unknown command with one line and exit code 2', () => {
    expect(mtg('--help')).toMatchObject({ code: 0 });
    expect(mtg('--help').stdout).toMatch(/^usage: mtg <command>/);
    expect(mtg().code).toBe(2);
    const bad = mtg('tourny');
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).toContain('"tourny"');
    expect(bad.stdout).toBe('');
  });

  it('has --help on every cards command', () => {
    for (const command of ['', 'fetch', 'compile', 'coverage', 'show']) {
      const r = mtg('cards', ...(command ? [command] : []), '--help');
      expect(r.code, command).toBe(0);
      expect(r.stdout).toMatch(new RegExp(`^usage: mtg cards ${command ? command : '<command>'}`));
    }
  });

  it('rejects unknown subcommands and bad options with one line and exit code 2', () => {
    for (const args of [
      ['cards', 'fetchh'],
      ['cards', 'coverage', '--format', 'xml'],
      ['cards', 'show', '--colour'],
    ]) {
      const r = mtg(...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
  });

  it('says to fetch first when there are no scripts', () => {
    const r = mtg('cards', 'show', 'Spark Volley');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('cards/not-fetched');
  });

  it('fetches, compiles, reports coverage and shows a card', () => {
    const fetched = mtg('cards', 'fetch', '--from', MINI);
    expect(fetched.code).toBe(0);
    expect(existsSync(join(cwd, '.cards/cards.lock'))).toBe(true);

    const compiled = mtg('cards', 'compile');
    expect(compiled.code).toBe(0);
    expect(compiled.stdout).toMatch(/^compiled 9 scripts \(8 cards, 1 tokens\)/);
    expect(compiled.stderr).toBe(''); // no progress bar when stderr is not a terminal

    // The command loads the rules engine first, so coverage counts what the engine implements.
    const md = mtg('cards', 'coverage');
    expect(md.code).toBe(0);
    // Every card of the mini corpus is playable since SetState (Moonlit Wanderer's transform) is.
    expect(md.stdout.split('\n')[0]).toBe('cards: 8  playable: 8 (100.0%)');
    const json = JSON.parse(mtg('cards', 'coverage', '--format', 'json', '--top', '2').stdout);
    expect(json.playable).toBe(8);
    expect(json.missing).toEqual([]);

    const shown = mtg('cards', 'show', 'spark', 'volley');
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain('Spark Volley');
    expect(shown.stdout).toContain('✓ api:DealDamage');
    expect(shown.stdout).toContain('└ SubAbility$ DBDraw → DB$ Draw');
    expect(JSON.parse(mtg('cards', 'show', 'Cinder', '--format', 'json').stdout).card.name).toBe('Brine // Cinder');

    const unknown = mtg('cards', 'show', 'Spark Voley');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('cards/unknown-card');
    expect(unknown.stderr).toContain('"Spark Volley"');
  });
});

describe('progressBar', () => {
  it('draws on a terminal and finishes the line; stays silent elsewhere', () => {
    let tty = '';
    const draw = progressBar({ isTTY: true, columns: 60, write: (s: string) => (tty += s) }, 'compiling');
    for (let i = 1; i <= 200; i++) draw(i, 200);
    expect(tty.endsWith('200/200 100%\n')).toBe(true);
    expect(tty.split('\r').length - 1).toBe(101); // once per percent (0..100), not once per file
    let piped = '';
    const quiet = progressBar({ isTTY: false, write: (s: string) => (piped += s) }, 'compiling');
    quiet(1, 1);
    expect(piped).toBe('');
  });
});
