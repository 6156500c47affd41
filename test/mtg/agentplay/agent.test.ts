// `mtg agent`, spawned: the example agent plays a whole game and the reproducer rebuilds it; an
// agent that STOPs gets a bug report whose reproducer reproduces; every way an agent can fail
// (garbage, a bad choice, a timeout, exiting) is a clear error that leaves the session valid and
// continuable by hand; --mock needs no agent and is seeded; and the bytes an agent receives hold
// nothing of the opponent's hidden hand.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGame } from '../../../src/mtg/engine/index.js';
import { readDeckFile } from '../../../src/mtg/decks/index.js';
import { starterRegistry } from '../../../src/mtg/starter/index.js';
import { mtg, REPO, requireBuild, RG, scratch, WU } from '../cli/support.js';
import { reproduce, shell } from './support.js';

let cwd: string;
let done: () => void;
let elsewhere: string;
beforeAll(() => {
  requireBuild();
  ({ dir: cwd, done } = scratch());
  elsewhere = join(cwd, 'elsewhere');
  mkdirSync(elsewhere);
});
afterAll(() => done());

const EXAMPLE = `node ${join(REPO, 'examples/agents/simple-agent.mjs')}`;
const BEHAVE = `node ${join(REPO, 'test/mtg/agentplay/behave.mjs')}`;

type Position = { choices: number; hash: string; deciding: number | null; turn: number; ended: string | null };
const sessionDir = (dir: string, name: string): string => join(cwd, dir, `${name}.game`);
const position = (folder: string): Position => (JSON.parse(readFileSync(join(folder, 'session.json'), 'utf8')) as { position: Position }).position;
const logOf = (folder: string): string => readFileSync(join(folder, 'game.log'), 'utf8');
const tail100 = (log: string): string => `${log.split('\n').slice(0, -1).slice(-100).join('\n')}\n`;

describe('mtg agent', () => {
  it('plays a whole game with the example agent; reproduce.sh rebuilds it: the same result, state hash and log tail', () => {
    const r = mtg(cwd, ['agent', RG, WU, '--agent-cmd', EXAMPLE, '--seed', '4', '--dir', 'full']);
    expect(r.code, r.stderr).toBe(0);
    const folder = sessionDir('full', '001');
    const at = position(folder);
    expect(at.ended).toMatch(/^(p1 wins|p2 wins|a draw)$/);
    expect(r.stdout).toContain(`session 001: ${at.ended} · turn ${at.turn} · ${at.choices} choices · state ${at.hash}`);
    // Every choice is a menu number in its seat's file; p1's came from the agent, p2's from the AI.
    expect(readFileSync(join(folder, 'p1.choices'), 'utf8')).toMatch(/^(\d+\n)+$/);
    const again = reproduce(join(folder, 'reproduce.sh'), elsewhere);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toBe(tail100(logOf(folder)));
    expect(again.stdout).toMatch(new RegExp(`^Result: .* · ${at.choices} choices · state ${at.hash}$`, 'm'));
  });

  it('writes bug-report.md when the agent STOPs, and its reproducer stops at that decision with the same state', () => {
    const scenario = 'Dragon Fodder should make two goblins';
    const r = mtg(cwd, ['agent', RG, WU, '--agent-cmd', `${BEHAVE} stop 12`, '--seed', '4', '--dir', 'stop', '--scenario', scenario]);
    expect(r.code, r.stderr).toBe(0);
    const folder = sessionDir('stop', '001');
    const at = position(folder);
    expect(at.choices).toBeGreaterThanOrEqual(12);
    expect(r.stdout).toContain(`the agent stopped at decision ${at.choices + 1}`);
    const report = readFileSync(join(folder, 'bug-report.md'), 'utf8');
    expect(report).toContain(`Decision ${at.choices} looks wrong to me`);
    expect(report).toContain(scenario);
    expect(report).toContain(`state ${at.hash}`);
    expect(report).toContain(readFileSync(join(folder, 'state.txt'), 'utf8').trimEnd());
    const command = /```sh\n(.*)\n```/.exec(report)?.[1];
    expect(command).toMatch(/ tui .* --stop-on-choice=\d+ /);
    const again = shell(command!, elsewhere);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain(`stopped before choice ${at.choices + 1} (turn ${at.turn}, state ${at.hash})`);
    expect(report).toContain(again.stdout.trimEnd());
  });

  const failures: [string, string[], RegExp][] = [
    ['garbage', [], /agent\/bad-message: the agent's answer to decision \d+ is not JSON: "I think I will play a land"/],
    ['bad', [], /agent\/bad-choice: "cast no such card" matches nothing here .*; the menu was: \[0\] /],
    ['sleep', ['--agent-timeout-ms', '400'], /agent\/timeout: the agent did not answer decision \d+ \(p1, .*\) within 400 ms \(--agent-timeout-ms\)/],
    ['exit', [], /agent\/exited: the agent exited with code 3 before answering decision \d+ .*\(its stderr: behave: leaving now\)/],
  ];
  for (const [how, extra, message] of failures) {
    it(`an agent that answers ${how === 'bad' ? 'a bad choice' : how === 'sleep' ? 'nothing (a timeout)' : how === 'exit' ? 'by exiting' : 'garbage'} gets a clear error; the session is valid and continues by hand`, () => {
      const dir = `fail-${how}`;
      const r = mtg(cwd, ['agent', RG, WU, '--agent-cmd', `${BEHAVE} ${how} 5`, '--seed', '4', '--dir', dir, ...extra]);
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).toContain(`continue it by hand: mtg session continue --dir ${join(cwd, dir)} --session 001 p1`);
      const folder = sessionDir(dir, '001');
      const at = position(folder);
      // Saved at the decision the agent failed, p1's, after the five it answered.
      expect(at.deciding).toBe(0);
      expect(readFileSync(join(folder, 'p1.choices'), 'utf8').split('\n').filter(Boolean).length).toBe(5);
      const check = reproduce(join(folder, 'reproduce.sh'), elsewhere);
      expect(check.stderr).toContain(`state ${at.hash}`);
      const byHand = mtg(cwd, ['session', 'continue', '--dir', dir, 'p1', '0']);
      expect(byHand.code, byHand.stderr).toBe(0);
      expect(position(folder).choices).toBeGreaterThan(at.choices);
    });
  }

  it('plays --mock without an agent, from the seed: the same seed, the same choices', () => {
    const run = (dir: string) => mtg(cwd, ['agent', RG, WU, '--mock', '--mode', 'agent-vs-agent', '--seed', '42', '--max-turns', '5', '--dir', dir]);
    const a = run('mock-a');
    const b = run('mock-b');
    expect(a.code, a.stderr).toBe(0);
    expect(a.stdout).toMatch(/the turn limit \(5\) was reached/);
    for (const f of ['p1.choices', 'p2.choices', 'game.log'])
      expect(readFileSync(join(sessionDir('mock-b', '001'), f), 'utf8')).toBe(readFileSync(join(sessionDir('mock-a', '001'), f), 'utf8'));
    expect(b.stdout.replace(/mock-b/g, 'mock-a')).toBe(a.stdout);
    const usage = mtg(cwd, ['agent', RG, WU]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--agent-cmd');
  });

  it("sends an agent only what its seat may see: no id or name of a card in the opponent's hand", () => {
    const record = join(cwd, 'received.jsonl');
    const r = mtg(cwd, ['agent', RG, WU, '--agent-cmd', `${BEHAVE} zero 0 ${record}`, '--seed', '9', '--max-turns', '4', '--dir', 'hidden']);
    expect(r.code, r.stderr).toBe(0);
    const received = readFileSync(record, 'utf8').split('\n').filter(Boolean);
    const hello = JSON.parse(received[0]!) as { type: string; version: number; seats: string[] };
    expect(hello).toMatchObject({ type: 'hello', version: 1, seats: ['p1'] });
    const folder = sessionDir('hidden', '001');
    expect(existsSync(join(folder, 'game.snapshot'))).toBe(true);
    const choices = (JSON.parse(readFileSync(join(folder, 'game.snapshot'), 'utf8')) as { game: { choices: number[] } }).game.choices;
    const registry = starterRegistry();
    const decks = [readDeckFile(join(folder, 'p1.dck'), registry).main, readDeckFile(join(folder, 'p2.dck'), registry).main] as [string[], string[]];
    let checked = 0;
    let named = 0;
    for (const line of received.filter((l) => l.includes('"type":"decision"')).slice(0, 30)) {
      const id = (JSON.parse(line) as { id: number }).id;
      // The game as it was when the agent was asked: the choices before decision `id`.
      const game = createGame({ registry, decks, seed: '9', explain: true });
      for (const c of choices.slice(0, id)) game.choose(c);
      const mine = game.view(0);
      const theirs = game.view(1);
      const seen = JSON.stringify([mine.battlefield, mine.graveyards, mine.exile, mine.stack, mine.revealed, mine.hand]);
      for (const card of theirs.hand) {
        expect(line, `decision ${id}: p2's ${card.name} (#${card.id})`).not.toContain(`"id":${card.id},`);
        if (!seen.includes(card.name)) {
          expect(line, `decision ${id}: p2's ${card.name}`).not.toContain(card.name);
          named++;
        }
        checked++;
      }
    }
    // Enough to mean something: ids checked at every decision, names that p1 had no other way to see.
    expect(checked).toBeGreaterThan(30);
    expect(named).toBeGreaterThan(10);
  });
});
