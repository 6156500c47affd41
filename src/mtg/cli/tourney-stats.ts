/**
 * The tourney's table: wins, losses and draws per deck and per matchup, each win rate with its
 * 95% Wilson score interval (draws count as games not won).
 */
import type { TourneyResult } from './tourney-game.js';

/**
 * The Wilson score interval of `wins` out of `games` (z = 1.96 for 95%).
 *
 * @example
 * ```ts
 * wilson(50, 100); // [0.4038, 0.5962] (rounded)
 * ```
 */
export function wilson(wins: number, games: number, z = 1.96): [number, number] {
  if (games === 0) return [0, 1];
  const p = wins / games;
  const z2 = z * z;
  const centre = (p + z2 / (2 * games)) / (1 + z2 / games);
  const half = (z * Math.sqrt((p * (1 - p)) / games + z2 / (4 * games * games))) / (1 + z2 / games);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

type Tally = { games: number; wins: number; losses: number; draws: number };

function pct(x: number): string {
  return `${(100 * x).toFixed(1)}%`;
}

function rate(t: Tally): string {
  const [lo, hi] = wilson(t.wins, t.games);
  return `${pct(t.games ? t.wins / t.games : 0).padStart(6)}  [${pct(lo)}, ${pct(hi)}]`;
}

/**
 * The table for a set of results (in any order: the table depends only on the set).
 *
 * @example
 * ```ts
 * io.stdout.write(formatTable(['Zoo', 'Stasis'], results));
 * ```
 */
export function formatTable(names: readonly string[], results: readonly TourneyResult[]): string {
  const played = results.filter((r) => r.error === undefined);
  const decks: Tally[] = names.map(() => ({ games: 0, wins: 0, losses: 0, draws: 0 }));
  const pairs = new Map<string, { a: number; b: number; t: Tally }>();
  for (const r of played) {
    const [p1, p2] = r.decks;
    for (const [seat, deck] of [
      [0, p1],
      [1, p2],
    ] as const) {
      const t = decks[deck]!;
      t.games++;
      if (r.winner === null) t.draws++;
      else if (r.winner === seat) t.wins++;
      else t.losses++;
    }
    const a = Math.min(p1, p2);
    const b = Math.max(p1, p2);
    const key = `${a}/${b}`;
    let pair = pairs.get(key);
    if (!pair) pairs.set(key, (pair = { a, b, t: { games: 0, wins: 0, losses: 0, draws: 0 } }));
    pair.t.games++;
    // The first deck's view of the matchup; in a mirror, p1's.
    const first = a === b ? r.winner === 0 : r.winner !== null && r.decks[r.winner] === a;
    if (r.winner === null) pair.t.draws++;
    else if (first) pair.t.wins++;
    else pair.t.losses++;
  }
  const width = Math.max(20, ...names.map((n) => n.length)) + 2;
  const lines: string[] = [];
  lines.push(`${'deck'.padEnd(width)}${'games'.padStart(7)}${'wins'.padStart(7)}${'losses'.padStart(8)}${'draws'.padStart(7)}   win rate  95% CI`);
  names.forEach((n, i) => {
    const t = decks[i]!;
    if (t.games === 0) return;
    lines.push(
      `${n.padEnd(width)}${String(t.games).padStart(7)}${String(t.wins).padStart(7)}${String(t.losses).padStart(8)}${String(t.draws).padStart(7)}   ${rate(t)}`,
    );
  });
  lines.push('');
  lines.push(
    `${"matchup (first deck's view; a mirror: p1's)".padEnd(width * 2)}${'games'.padStart(7)}${'wins'.padStart(7)}${'losses'.padStart(8)}${'draws'.padStart(7)}   win rate  95% CI`,
  );
  const keys = [...pairs.keys()].sort((x, y) => {
    const [xa, xb] = x.split('/').map(Number);
    const [ya, yb] = y.split('/').map(Number);
    return xa! - ya! || xb! - yb!;
  });
  for (const key of keys) {
    const pair = pairs.get(key)!;
    const t = pair.t;
    const label = `${names[pair.a]} vs ${names[pair.b]}`;
    lines.push(
      `${label.padEnd(width * 2)}${String(t.games).padStart(7)}${String(t.wins).padStart(7)}${String(t.losses).padStart(8)}${String(t.draws).padStart(7)}   ${rate(t)}`,
    );
  }
  return `${lines.join('\n')}\n`;
}
