// Bad input to the game commands: one clear line on stderr naming the problem's code, exit code
// 2, and nothing half-written (no snapshot, no file at all in the working directory).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mtg, requireBuild, RG, scratch, WU } from './support.js';

let cwd: string;
let done: () => void;
let before: string[];

beforeAll(() => {
  requireBuild();
  ({ dir: cwd, done } = scratch());
  writeFileSync(join(cwd, 'unknown-card.dck'), '[Main]\n20 Mountain\n4 Lightnin Bolt\n');
  writeFileSync(join(cwd, 'bad-line.dck'), '[Main]\n20 Mountain\nfour Lightning Bolt\n');
  mkdirSync(join(cwd, 'decks'));
  writeFileSync(join(cwd, 'garbage.snapshot'), 'this is not a snapshot');
  writeFileSync(join(cwd, 'truncated.snapshot'), gzipSync('{"format":"storyletengine/mtg-session","version":1,"ga').subarray(0, 30));
  writeFileSync(join(cwd, 'newer.snapshot'), JSON.stringify({ format: 'storyletengine/mtg-session', version: 2 }));
  writeFileSync(join(cwd, 'foreign.snapshot'), JSON.stringify({ format: 'something-else', version: 1 }));
  // A real snapshot whose recorded choices were edited: replaying them reaches another state.
  const saved = mtg(cwd, ['tui', RG, WU, '--p1', 'random', '--p2', 'random', '--stop-on-choice', '12', '--snapshot-output', 'edited.snapshot', '--json']);
  if (saved.code !== 0) throw new Error(saved.stderr);
  const text = JSON.parse(readFileSync(join(cwd, 'edited.snapshot'), 'utf8'));
  text.game.choices[3] = text.game.choices[3] === 0 ? 1 : 0;
  writeFileSync(join(cwd, 'edited.snapshot'), JSON.stringify(text));
  before = readdirSync(cwd).sort();
});
afterAll(() => done());

const CASES: Array<{ name: string; args: string[]; code: string }> = [
  { name: 'an unknown deck file', args: ['tui', 'nowhere.dck'], code: 'mtg/unknown-deck' },
  { name: 'a deck with an unknown card', args: ['tui', 'unknown-card.dck'], code: 'deck/unknown-card' },
  { name: 'a deck with an unparseable line', args: ['tui', 'bad-line.dck'], code: 'deck/bad-line' },
  { name: 'a fixed-input script that does not parse', args: ['tui', RG, '--p1', 'fixed', '--p1-fixed-inputs', 'cats bolt'], code: 'input/syntax' },
  { name: 'a fixed seat with no script', args: ['tui', RG, '--p1', 'fixed'], code: '--p1 fixed needs' },
  { name: 'an unknown card to draw', args: ['tui', RG, '--p1', 'zero', '--p1-draw', 'Lightnin Bolt'], code: 'cards/unknown-card' },
  { name: 'a card to draw that is not in the deck', args: ['tui', RG, '--p1', 'zero', '--p1-draw', 'Counterspell'], code: 'mtg/bad-config' },
  { name: 'an unknown controller', args: ['tui', RG, '--p1', 'heuristc'], code: 'did you mean "heuristic"' },
  { name: 'a seed that is not a number', args: ['tui', RG, '--seed', 'twelve'], code: '--seed takes a whole number' },
  { name: 'a bad --stop-on-choice', args: ['tui', RG, '--stop-on-choice', '10:p3'], code: '--stop-on-choice takes' },
  { name: 'a verbosity out of range', args: ['tui', RG, '-v', '4'], code: '--verbosity must be a whole number from 0 to 3, got "4"' },
  {
    name: 'a negative --max-turns (a range message, not parseArgs\' "ambiguous")',
    args: ['tui', RG, '--max-turns', '-3'],
    code: '--max-turns must be a whole number ≥ 1, got "-3"',
  },
  { name: 'a negative --games', args: ['tourney', RG, WU, '--games', '-1'], code: '--games must be a whole number from 1 to 10000000, got "-1"' },
  {
    name: 'a negative --threads for puzzles',
    args: ['puzzle', 'check', '.', '--threads', '-2'],
    code: '--threads must be a whole number from 1 to 64, got "-2"',
  },
  { name: 'a folder given as a deck', args: ['tui', 'decks'], code: 'mtg/deck-is-folder: "decks" is a folder, not a deck file; give a .dck file' },
  { name: 'an unknown option', args: ['tui', RG, '--colour'], code: "'--colour'" },
  { name: 'a missing cards folder', args: ['tui', RG, '--cards', 'no-such-dir'], code: 'mtg/no-cards' },
  { name: 'a replay that is not a list', args: ['tui', RG, '--p1', 'replay', '--p1-replay', 'one;two'], code: 'mtg/bad-replay' },
  { name: 'a corrupt snapshot', args: ['resume', 'garbage.snapshot'], code: 'mtg/bad-snapshot' },
  { name: 'a truncated snapshot', args: ['resume', 'truncated.snapshot'], code: 'mtg/bad-snapshot' },
  { name: 'a snapshot of another version', args: ['resume', 'newer.snapshot'], code: 'version 2' },
  { name: 'a file of another format', args: ['resume', 'foreign.snapshot'], code: 'mtg/bad-snapshot' },
  { name: 'a snapshot whose choices were edited', args: ['resume', 'edited.snapshot'], code: 'mtg/bad-snapshot' },
  { name: 'a missing snapshot', args: ['resume', 'missing.snapshot'], code: 'no such file' },
  { name: '--games with --seconds', args: ['tourney', RG, WU, '--games', '10', '--seconds', '5'], code: '--games and --seconds cannot be used together' },
  { name: 'a tourney with no length', args: ['tourney', RG, WU], code: '--games N or --seconds S' },
  { name: 'a person in a tourney', args: ['tourney', RG, '--games', '1', '--p1', 'tui'], code: 'heuristic, search, random or zero' },
  { name: 'stats with an argument', args: ['stats', 'extra'], code: 'unexpected argument' },
];

describe('bad input', () => {
  for (const c of CASES) {
    it(`${c.name}: one line, exit code 2, nothing written`, () => {
      const r = mtg(cwd, c.args);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stdout).toBe('');
      const err = r.stderr.split('\n').filter((l) => l !== '');
      expect(err).toHaveLength(1);
      expect(err[0]).toContain(c.code);
      expect(readdirSync(cwd).sort()).toEqual(before);
    });
  }

  it('a fixed-input command that matches nothing mid-game stops it with one line and exit code 2, and no snapshot', () => {
    const r = mtg(cwd, ['tui', RG, WU, '--p1-fixed-inputs', 'keep; cast fireball', '--p2', 'zero', '--snapshot-output', 'never.snapshot']);
    expect(r.code).toBe(2);
    const err = r.stderr.split('\n').filter((l) => l !== '');
    expect(err).toHaveLength(1);
    expect(err[0]).toMatch(/input\/no-match: fixed inputs for p1, 1:7: Command 'cast fireball' did not match any available action\. Available actions: \[/);
    expect(readdirSync(cwd).sort()).toEqual(before);
  });
});
