// Shared by the networked-play tests over real processes (equivalence, reconnect, load): a game
// played by two `mtg connect` clients on an `mtg server`, the same game played locally by
// `mtg tui`, and the server's final stats line.
import { expect } from 'vitest';
import { run as tui } from '../../../src/mtg/cli/tui.js';
import { REPO, spawnMtg, startServerProcess, type ServerProcess } from '../../support/net.js';

export type Kind = 'random' | 'zero' | 'heuristic' | 'fixed' | 'tui';
/** The script of a fixed seat: keep, then pass on everything (as the replicated sweeps play it). */
export const FIXED = 'keep; *; pass';
/** What a person types at a `tui` seat, piped: `why` (the rich text of every reason) then menu option 0, at every decision. */
export const TUI_INPUT = 'why\n0\n'.repeat(3000);

/** One seat of a game: its deck file, its controller and the controller's seed. */
export type SeatPlan = { deck: string; kind: Kind; seed: number };

/** The GAMELOG lines of a command's output (a `tui` seat's prompt may precede one on its line). */
export function gamelog(lines: readonly string[]): string[] {
  return lines.flatMap((l) => {
    const at = l.indexOf('[GAMELOG ');
    return at < 0 ? [] : [l.slice(at)];
  });
}

/** How many times a person's seat was asked (its prompts, `p1> ` or `p2> `) in a command's output. */
export function prompts(text: string): number {
  return (text.match(/p[12]> /g) ?? []).length;
}

/** The prompts of the last local game {@link localGame} played with a person's seat. */
export let lastPrompts = 0;

/** The local game's GAMELOG lines: `mtg tui A B --seed S --seed-p1 N1 --seed-p2 N2 --p1 X --p2 Y --tag-gamelogs`. */
export async function localGame(seed: string, a: SeatPlan, b: SeatPlan, cards: string): Promise<string[]> {
  const args = [
    a.deck,
    b.deck,
    '--seed',
    seed,
    '--seed-p1',
    String(a.seed),
    '--seed-p2',
    String(b.seed),
    '--p1',
    a.kind,
    '--p2',
    b.kind,
    '--tag-gamelogs',
    '--cards',
    cards,
  ];
  if (a.kind === 'fixed') args.push('--p1-fixed-inputs', FIXED);
  if (b.kind === 'fixed') args.push('--p2-fixed-inputs', FIXED);
  if (a.kind === 'tui' || b.kind === 'tui') {
    // A person's seat reads standard input: a process, with the typed lines piped.
    const p = spawnMtg(['tui', ...args]);
    p.write(TUI_INPUT);
    p.proc.stdin!.end();
    const { code } = await p.exited;
    expect(code, p.stderr.text).toBe(0);
    lastPrompts = prompts(p.stdout.text);
    return gamelog(p.stdout.lines);
  }
  let out = '';
  let err = '';
  const code = await tui(args, { stdout: { write: (t: string) => (out += t) }, stderr: { write: (t: string) => (err += t) }, cwd: REPO });
  expect(code, err).toBe(0);
  return gamelog(out.split('\n'));
}

/** The args of `mtg connect` for one seat. */
function connectArgs(server: ServerProcess, game: string, name: string, s: SeatPlan, cards: string): string[] {
  const args = ['connect', s.deck, '--server', server.address, '--name', name, '--game', game, '--p', s.kind, '--seed-controller', String(s.seed)];
  args.push('--tag-gamelogs', '--cards', cards);
  if (s.kind === 'fixed') args.push('--fixed-inputs', FIXED);
  return args;
}

/** Two `mtg connect` processes playing `game` on the server (a creates it: p1): each one's GAMELOG lines. */
export async function networkGame(server: ServerProcess, game: string, a: SeatPlan, b: SeatPlan, cards: string): Promise<[string[], string[]]> {
  const start = (s: SeatPlan, name: string) => {
    const p = spawnMtg(connectArgs(server, game, name, s, cards));
    if (s.kind === 'tui') p.write(TUI_INPUT);
    p.proc.stdin!.end();
    return p;
  };
  const pa = start(a, `${game}-a`);
  // The first to name the game creates it and sits in p1.
  await pa.stderr.waitFor(/^mtg connect: joined game .* as p1$/, 120_000);
  const pb = start(b, `${game}-b`);
  const [ea, eb] = await Promise.all([pa.exited, pb.exited]);
  expect(ea.code, `${game} p1: ${pa.stderr.text}`).toBe(0);
  expect(eb.code, `${game} p2: ${pb.stderr.text}`).toBe(0);
  expect(pb.stderr.text).toMatch(/^mtg connect: joined game .* as p2$/m);
  return [gamelog(pa.stdout.lines), gamelog(pb.stdout.lines)];
}

/** Stops the server and reads its final stats line: zero desyncs, errors and leaks. */
export async function stopClean(server: ServerProcess, games: number): Promise<string> {
  const { code } = await server.stop();
  expect(code, server.stderr.text.slice(-3000)).toBe(0);
  const stats = server.stderr.lines.find((l) => / stats games=/.test(l)) ?? '';
  expect(stats, server.stderr.text.slice(-3000)).toMatch(new RegExp(`stats games=${games} finished=${games} desyncs=0 errors=0 frames=\\d+ leaks=0 `));
  expect(server.stderr.lines.filter((l) => /LEAK|DESYNC/.test(l))).toEqual([]);
  return stats;
}

/**
 * Plays every game on one server, several at once (`parallel` at a time), each against its local
 * twin; returns the server's stats line.
 */
export async function equivalent(seed: string, games: Array<{ name: string; a: SeatPlan; b: SeatPlan }>, cards: string, parallel: number): Promise<string> {
  const server = await startServerProcess(['--seed', seed, '--network-debug', '--audit-leaks', '--cards', cards]);
  const queue = [...games];
  const worker = async (): Promise<void> => {
    for (let g = queue.shift(); g; g = queue.shift()) {
      const [net, local] = await Promise.all([networkGame(server, g.name, g.a, g.b, cards), localGame(seed, g.a, g.b, cards)]);
      expect(local.length, g.name).toBeGreaterThan(20);
      expect(net[0], `${g.name}: p1's client`).toEqual(local);
      expect(net[1], `${g.name}: p2's client`).toEqual(local);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return stopClean(server, games.length);
}
