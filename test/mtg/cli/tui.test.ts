// `mtg tui`, spawned: whole games between controllers, determinism (the same inputs give the same
// bytes), the output options, seeds, stopping and snapshots, and a person at the terminal.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lines, mtg, REPO, requireBuild, RG, scratch, sha, WU } from './support.js';

let cwd: string;
let done: () => void;
beforeAll(() => {
  requireBuild();
  ({ dir: cwd, done } = scratch());
});
afterAll(() => done());

const AI = ['--p1', 'heuristic', '--p2', 'heuristic'];

describe('mtg tui', () => {
  it('lists the game commands in mtg --help, and has its own --help', () => {
    const help = mtg(cwd, ['--help']);
    for (const c of ['tui', 'resume', 'tourney', 'stats']) expect(help.stdout).toMatch(new RegExp(`^  ${c}\\s`, 'm'));
    for (const c of ['tui', 'resume', 'tourney', 'stats']) {
      const r = mtg(cwd, [c, '--help']);
      expect(r.code, c).toBe(0);
      expect(r.stdout).toMatch(new RegExp(`^usage: mtg ${c}`));
    }
  });

  it('plays a whole heuristic-vs-heuristic game with the starter decks on a machine with no corpus', () => {
    const r = mtg(cwd, ['tui', RG, WU, ...AI, '--seed', '6']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    const out = lines(r.stdout);
    expect(out[0]).toBe('p1: Starter Red-Green Aggro (heuristic) vs p2: Starter White-Blue Control (heuristic) · seed 6');
    expect(out).toContain('Turn 1 (p1)');
    expect(out.at(-2)).toMatch(/^Game over: (p1 wins|p2 wins|a draw)/);
    expect(out.at(-1)).toMatch(/^Result: .* · turn \d+ · \d+ choices · state [0-9a-f]{16}$/);
  });

  it('starts both players at --starting-life, as mtg server --starting-life does, and refuses a bad one', () => {
    const r = mtg(cwd, ['tui', RG, WU, ...AI, '--seed', '6', '--starting-life', '7']);
    expect(r.code, r.stderr).toBe(0);
    const changes = lines(r.stdout).filter((l) => / life \d+ → /.test(l));
    expect(changes.length).toBeGreaterThan(0);
    // The first change of each player's life starts from 7.
    for (const who of ['p1', 'p2']) {
      const first = changes.find((l) => l.startsWith(`${who} life `));
      if (first) expect(first).toMatch(new RegExp(`^${who} life 7 → `));
    }
    const bad = mtg(cwd, ['tui', RG, WU, ...AI, '--starting-life', '0']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--starting-life/);
  });

  it('is deterministic: the same inputs give the same bytes, another seed another game', () => {
    const args = ['tui', RG, WU, '--p1', 'heuristic', '--p2', 'random', '--seed', '12', '-v', '3', '--max-turns', '12'];
    const a = mtg(cwd, args);
    const b = mtg(cwd, args);
    expect(a.code).toBe(0);
    expect(sha(b.stdout)).toBe(sha(a.stdout));
    const c = mtg(
      cwd,
      args.map((a) => (a === '12' ? '13' : a)),
    );
    expect(sha(c.stdout)).not.toBe(sha(a.stdout));
  });

  it('prints the seed it picked with --seed from_entropy, and that seed plays the game again', () => {
    const r = mtg(cwd, ['tui', RG, ...AI, '--seed', 'from_entropy', '-v', '1', '--max-turns', '8']);
    expect(r.code).toBe(0);
    const seed = /seed (\d+) \(from entropy\)/.exec(r.stderr)?.[1];
    expect(seed).toBeDefined();
    const again = mtg(cwd, ['tui', RG, ...AI, '--seed', seed!, '-v', '1', '--max-turns', '8']);
    expect(again.stdout).toBe(r.stdout);
  });

  it('writes less or more with -v, the last lines with --log-tail, and tags lines with --tag-gamelogs', () => {
    const base = ['tui', RG, WU, ...AI, '--seed', '6'];
    expect(mtg(cwd, [...base, '-v', '0']).stdout).toBe('');
    const quiet = lines(mtg(cwd, [...base, '-v', '1']).stdout);
    expect(quiet.slice(1, -2).every((l) => /^Turn \d+ \(p[12]\)$/.test(l))).toBe(true);
    const normal = lines(mtg(cwd, base).stdout);
    const tail = lines(mtg(cwd, [...base, '--log-tail', '3']).stdout);
    expect(tail).toEqual(normal.slice(-3));
    const tagged = lines(mtg(cwd, [...base, '--tag-gamelogs']).stdout);
    // The GAMELOG lines are the game's actions; the header and the Result line (the session's
    // summary, with the state hash only a local game knows) are not tagged (issue 16's public log).
    expect(tagged.slice(1, -1).every((l) => /^\[GAMELOG Turn\d+ \w+\] /.test(l))).toBe(true);
    expect(tagged.at(-1)).toBe(normal.at(-1));
    expect(tagged.map((l) => l.replace(/^\[GAMELOG [^\]]*\] /, ''))).toEqual(normal);
    expect(tagged.some((l) => l.startsWith('[GAMELOG Turn2 '))).toBe(true);
  });

  it('pins the opening hand with --p1-draw and the shuffle alone with --deck-seed', () => {
    const hand = (args: string[]): string[] =>
      lines(mtg(cwd, ['tui', RG, WU, ...AI, '-v', '3', '--max-turns', '1', ...args]).stdout)
        .filter((l) => /^move .*: library → hand$/.test(l))
        .slice(0, 7)
        .map((l) => l.replace(/^move (.*): library → hand$/, '$1'));
    expect(hand(['--p1-draw', 'Lightning Bolt;Shock;Mountain']).slice(0, 3)).toEqual(['Lightning Bolt', 'Shock', 'Mountain']);
    expect(hand(['--deck-seed', '5', '--seed', '1'])).toEqual(hand(['--deck-seed', '5', '--seed', '2']));
    expect(hand(['--seed', '1'])).not.toEqual(hand(['--seed', '2']));
  });

  it('stops at a choice count and at the turn limit, with a snapshot only when there is something to resume', () => {
    const stopped = mtg(cwd, ['tui', RG, WU, ...AI, '--stop-on-choice', '25', '--snapshot-output', 'a.snapshot']);
    expect(stopped.code).toBe(0);
    expect(stopped.stderr).toMatch(/stopped before choice 26 .*snapshot written to .*a\.snapshot/);
    expect(existsSync(join(cwd, 'a.snapshot'))).toBe(true);
    const limited = mtg(cwd, ['tui', RG, WU, ...AI, '--max-turns', '2']);
    expect(limited.code).toBe(0);
    expect(limited.stderr).toMatch(/turn limit \(2\)/);
    expect(existsSync(join(cwd, 'game.snapshot'))).toBe(false);
  });

  it('stops when a fixed seat runs out of script, and writes JSON snapshots with --json', () => {
    const r = mtg(cwd, [
      'tui',
      RG,
      WU,
      '--p1-fixed-inputs',
      'keep; play mountain',
      '--p1-draw',
      'Mountain',
      '--p2',
      'zero',
      '--stop-when-fixed-exhausted',
      '--json',
      '--snapshot-output',
      'f.json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/p1's fixed inputs ran out/);
    const saved = JSON.parse(readFileSync(join(cwd, 'f.json'), 'utf8'));
    expect(saved.format).toBe('storyletengine/mtg-session');
    expect(saved.seats[0]).toMatchObject({ kind: 'fixed', state: { cursor: 2 } });
  });

  it('lets a person play from standard input: menu numbers, commands, why, and quit with a snapshot', () => {
    const r = mtg(cwd, ['tui', RG, WU, '--seed', '4', '--snapshot-output', 'person.snapshot'], 'keep\nwhy\nplay forest\nquit\n');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('p1 available actions:');
    expect(r.stdout).toContain('p1 plays Forest');
    expect(r.stderr).toMatch(/p1 quit .*snapshot written to .*person\.snapshot/);
    const resumed = mtg(cwd, ['resume', 'person.snapshot', '--override-p1', 'heuristic', '-v', '1']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(lines(resumed.stdout).at(-1)).toMatch(/^Result: /);
  });
});

describe('mtg tui --start-state FILE.pzl', () => {
  const puzzle = (name: string): string => join(REPO, 'test', 'puzzles', 'starter', name);

  it("plays from a puzzle's board: its script drives its seat, the AI the other; then judges its assertions", () => {
    const r = mtg(cwd, ['tui', '--start-state', puzzle('terror.pzl'), '--cards', 'starter']);
    expect(r.code, r.stderr).toBe(0);
    const out = lines(r.stdout);
    expect(out[0]).toMatch(/^puzzle Terror \(.*terror\.pzl\) · p1 fixed vs p2 heuristic · seed 1 · until turn 1$/);
    expect(r.stdout).toMatch(/Terror/);
    expect(out.at(-1)).toBe('assertions: 3 passed, 0 failed');
  });

  it('lets --p2 take a seat the puzzle leaves to the AI, and reports failed assertions by line with exit 1', () => {
    const r = mtg(cwd, ['tui', '--start-state', puzzle('terror.pzl'), '--cards', 'starter', '--p1', 'zero', '--p2', 'zero']);
    // Failed assertions exit 1, as `mtg puzzle check` does (issue 20: it used to exit 0).
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toMatch(/^puzzle Terror .* p1 zero vs p2 zero/);
    expect(r.stdout).toMatch(/^assertions: 0 passed, 3 failed$/m);
    expect(r.stdout).toMatch(/^ {2}line \d+: opponent graveyard contains Serra Angel \(/m);
  });

  it("shows a failed Goal assertion marked as the Goal's, without exit 1: the session does not enforce goals", () => {
    const goal = join(REPO, 'test', 'mtg', 'puzzles', 'fixtures', 'goal-play.pzl');
    const r = mtg(cwd, ['tui', '--start-state', goal, '--cards', 'starter', '--p1-fixed-inputs', 'cast serra angel', '--p2', 'zero']);
    expect(r.code, r.stderr).toBe(0);
    // The runner stops at the goal in turn 1; this session plays on into turn 2.
    expect(r.stdout).toMatch(
      /^ {2}line 3: turn le 1 \(the game ended in turn 2\) \[from the Goal, which mtg puzzle check enforces and this session does not\]$/m,
    );
  });

  it('refuses decks with it, a missing file, and a puzzle with errors, in one line with exit 2', () => {
    const withDeck = mtg(cwd, ['tui', RG, '--start-state', puzzle('terror.pzl')]);
    expect([withDeck.code, lines(withDeck.stderr).length]).toEqual([2, 1]);
    expect(withDeck.stderr).toMatch(/give no decks with it/);
    const missing = mtg(cwd, ['tui', '--start-state', 'nope.pzl']);
    expect([missing.code, lines(missing.stderr).length]).toEqual([2, 1]);
    expect(missing.stderr).toMatch(/nope\.pzl: no such file/);
    writeFileSync(join(cwd, 'bad.pzl'), '[state]\nturn=1\nactiveplayer=p0\nactivephase=MAIN1\np0hand=Lightnin Bolt\n');
    const bad = mtg(cwd, ['tui', '--start-state', 'bad.pzl', '--cards', 'starter']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/puzzle\/unknown-card/);
  });
});
