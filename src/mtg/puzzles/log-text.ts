/**
 * A game's event log as stable text, one line per event: what the golden logs of our puzzles
 * hold (`test/puzzles/goldens/<name>.golden.log`). Steps are headers, so a diff shows where a
 * game went another way.
 */
import type { Game, GameEvent } from '../engine/index.js';

function value(v: unknown): string {
  if (typeof v === 'string') return /[\s=]/.test(v) || v === '' ? JSON.stringify(v) : v;
  return JSON.stringify(v);
}

/**
 * One event as a line: `SpellCast seat=0 card=7 name="Lightning Bolt" targets=["p1"]`.
 *
 * @example
 * ```ts
 * eventLine({ type: 'LifeChanged', seat: 1, from: 20, to: 17, delta: -3 }); // 'LifeChanged seat=1 from=20 to=17 delta=-3'
 * ```
 */
export function eventLine(e: GameEvent): string {
  const { type, ...rest } = e;
  return [type, ...Object.entries(rest).map(([k, v]) => `${k}=${value(v)}`)].join(' ');
}

/**
 * The game's event log as lines; step changes are written `-- turn 2 upkeep`.
 *
 * @example
 * ```ts
 * puzzleLog(game).join('\n'); // '-- turn 1 main1\nSpellCast seat=0 ...'
 * ```
 */
export function puzzleLog(game: Game): string[] {
  const out: string[] = [];
  for (const e of game.events) {
    if (e.type === 'StepBegan') out.push(`-- turn ${e.turn} ${e.step}`);
    else if (e.type === 'TurnBegan') out.push(`== turn ${e.turn}: seat ${e.active}`);
    else out.push(`   ${eventLine(e)}`);
  }
  return out;
}
