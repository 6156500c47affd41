// `mtg session`, spawned as users run it: a game played by hand on the starter decks one decision
// at a time, with refused choices that change nothing on disk, and the folder's reproduce.sh run
// from another folder giving the same state hash and log tail.
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lines, mtg, REPO, requireBuild, RG, scratch, sha, WU } from '../cli/support.js';
import { reproduce } from './support.js';

let cwd: string;
let done: () => void;
beforeAll(() => {
  requireBuild();
  ({ dir: cwd, done } = scratch());
});
afterAll(() => done());

const folder = (): string => join(cwd, 'sessions', '001.game');
/** Every file of the session folder and its bytes' hash: what "nothing changed on disk" compares. */
const bytes = (): Record<string, string> =>
  Object.fromEntries(
    readdirSync(folder())
      .sort()
      .map((f) => [f, sha(readFileSync(join(folder(), f), 'utf8'))]),
  );
const meta = (): { position: { choices: number; hash: string; deciding: number | null; turn: number } } =>
  JSON.parse(readFileSync(join(folder(), 'session.json'), 'utf8'));

// Seed 3, the starter decks: a dozen decisions by hand, rich text, PASS_UNTIL and a menu number.
const PLAY: [string, string][] = [
  ['p1', 'keep'],
  ['p2', 'keep'],
  ['p1', 'play mountain'],
  ['p1', 'PASS_UNTIL turn=2'],
  ['p1', 'PASS_UNTIL turn=3,phase=main1'],
  ['p2', 'play island'],
  ['p2', 'PASS_UNTIL turn=4,phase=main1'],
  ['p1', 'play forest'],
  ['p1', '3'], // [3] cast Dragon Fodder
  ['p2', 'play plains'],
  ['p2', 'PASS_UNTIL turn=5,phase=main1'],
  ['p1', 'PASS_UNTIL turn=5,phase=main1'],
  ['p1', 'play mountain'],
  ['p1', 'attack goblin'],
];

describe('mtg session', () => {
  it('starts a session: the folder, the first decision, its state and menu', () => {
    const r = mtg(cwd, ['session', 'start', RG, WU, '--seed', '3']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('session 001 started');
    expect(r.stdout).toContain('Keep this hand of 7?');
    expect(r.stdout).toContain('  [0] keep');
    expect(r.stdout).toContain('mtg session continue --session 001 p1');
    expect(readdirSync(folder()).sort()).toEqual([
      'game.log',
      'game.snapshot',
      'menu.txt',
      'p1.choices',
      'p1.dck',
      'p2.choices',
      'p2.dck',
      'reproduce.sh',
      'session.json',
      'state.txt',
    ]);
    expect(meta().position).toMatchObject({ choices: 0, deciding: 0, turn: 0 });
  });

  it('plays a dozen decisions by hand, refusing what does not fit without touching the folder, and reproduce.sh rebuilds the same state', () => {
    PLAY.forEach(([seat, choice], i) => {
      if (i === 1) {
        // Not p1's decision now: one line saying whose it is, and nothing written.
        const before = bytes();
        const wrong = mtg(cwd, ['session', 'continue', 'p1', 'keep']);
        expect(wrong.code).toBe(2);
        expect(lines(wrong.stderr)).toEqual(["mtg session: agentplay/not-your-decision: session 001: it is p2's decision, not p1's (see menu.txt)"]);
        expect(bytes()).toEqual(before);
      }
      if (i === 9) {
        // Serra Angel is not in hand and the script has a syntax error: the available actions, no change.
        const before = bytes();
        const bad = mtg(cwd, ['session', 'continue', '--session', '1', 'p2', 'cast serra angel']);
        expect(bad.code).toBe(2);
        expect(bad.stderr).toMatch(
          /input\/no-match: p2's choice: Command 'cast serra angel' did not match any available action\. Available actions: \[.*"play Plains".*\] \(nothing was changed\)/,
        );
        const garbage = mtg(cwd, ['session', 'continue', 'p2', 'play "plains']);
        expect(garbage.code).toBe(2);
        expect(garbage.stderr).toMatch(/^mtg session: input\//);
        expect(bytes()).toEqual(before);
      }
      const r = mtg(cwd, ['session', 'continue', seat, choice]);
      expect(r.code, `${seat} ${choice}: ${r.stderr}`).toBe(0);
    });
    const at = meta().position;
    expect(at.turn).toBe(5);
    expect(at.choices).toBeGreaterThan(40);
    expect(readFileSync(join(folder(), 'p1.choices'), 'utf8')).toBe(
      `${PLAY.filter(([s]) => s === 'p1')
        .map(([, c]) => c)
        .join('\n')}\n`,
    );
    const state = readFileSync(join(folder(), 'state.txt'), 'utf8');
    expect(state.split('\n')[0]).toBe(`session 001 · turn 5, precombat main phase · ${at.choices} choices · state ${at.hash}`);

    // From another folder: the same state hash, and the log's last 100 lines.
    const elsewhere = join(cwd, 'elsewhere');
    mkdirSync(elsewhere);
    const again = reproduce(join(folder(), 'reproduce.sh'), elsewhere);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain(`stopped before choice ${at.choices + 1} (turn 5, state ${at.hash})`);
    const log = readFileSync(join(folder(), 'game.log'), 'utf8');
    expect(again.stdout).toBe(`${log.split('\n').slice(0, -1).slice(-100).join('\n')}\n`);
    expect(log).toContain('p1 casts Dragon Fodder');
    // One mtg tui command, naming the entry that wrote it.
    const sh = readFileSync(join(folder(), 'reproduce.sh'), 'utf8');
    expect(sh).toMatch(
      /^exec \S+ \S+\/dist\/mtg\/cli\.js tui .* --p1=fixed --p1-fixed-inputs='keep;play mountain;PASS_UNTIL turn=2;.*' --p2=fixed --p2-fixed-inputs='keep;.*' --stop-on-choice=\d+ --seed=3 --json --log-tail=100 /m,
    );
  });

  it('shows and lists sessions; the game snapshot resumes', () => {
    const show = mtg(cwd, ['session', 'show']);
    expect(show.code).toBe(0);
    expect(show.stdout).toBe(
      `${readFileSync(join(folder(), 'state.txt'), 'utf8')}${readFileSync(join(folder(), 'menu.txt'), 'utf8')}answer with: mtg session continue --session 001 p2 "NUMBER or COMMAND"\n`,
    );
    const list = mtg(cwd, ['session', 'list']);
    expect(list.stdout).toMatch(/^001 {2}manual {2}decks {2}seed 3 {2}\d+ choices {2}turn 5, p2 to decide$/m);
    const missing = mtg(cwd, ['session', 'show', '--session', '7']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no session "7"');
    // The snapshot's seats are the session's fixed seats; the AI takes both over for a turn.
    const resumed = mtg(cwd, [
      'resume',
      join(folder(), 'game.snapshot'),
      '--override-p1',
      'heuristic',
      '--override-p2',
      'heuristic',
      '-v',
      '1',
      '--max-turns',
      '6',
    ]);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(/stopped before choice \d+ \(turn 7, state [0-9a-f]+\): the turn limit \(6\) was reached/);
  });

  it('starts from a puzzle (copied into the folder); its reproducer plays the puzzle to the same end', () => {
    const puzzle = join(REPO, 'test/mtg/puzzles/fixtures/goal-play.pzl');
    const start = mtg(cwd, ['session', 'start', '--puzzle', puzzle, '--cards', 'starter', '--dir', 'puzzles']);
    expect(start.code, start.stderr).toBe(0);
    expect(start.stdout).toContain('[1] cast Serra Angel');
    const dir = join(cwd, 'puzzles', '001.game');
    expect(readFileSync(join(dir, 'goal-play.pzl'), 'utf8')).toBe(readFileSync(puzzle, 'utf8'));
    const r = mtg(cwd, ['session', 'continue', '--dir', 'puzzles', 'p1', 'cast serra angel']);
    expect(r.code, r.stderr).toBe(0);
    const at = (JSON.parse(readFileSync(join(dir, 'session.json'), 'utf8')) as { position: { ended: string | null; hash: string } }).position;
    expect(at.ended).not.toBeNull();
    const over = mtg(cwd, ['session', 'continue', '--dir', 'puzzles', 'p1', 'pass']);
    expect(over.code).toBe(2);
    expect(over.stderr).toContain('agentplay/game-over');
    const again = reproduce(join(dir, 'reproduce.sh'), join(cwd, 'elsewhere'));
    expect(again.code, again.stderr).toBe(0);
    // The game's log, then the puzzle's assertions (mtg tui --start-state judges them at the end).
    expect(again.stdout.startsWith(readFileSync(join(dir, 'game.log'), 'utf8'))).toBe(true);
    expect(again.stdout).toContain(`state ${at.hash}`);
  });
});
