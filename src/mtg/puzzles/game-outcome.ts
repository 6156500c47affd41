/**
 * A {@link PuzzleOutcome} from a game: final life, the life gained over the game, each seat's
 * zones by card name, and the events the assertions read. The one place the puzzles read the
 * engine's state; the evaluator reads only the outcome.
 */
import type { Game, GameEvent } from '../engine/index.js';
import type { Seat } from '../engine/choice.js';
import type { GameResult, PermanentOutcome, PuzzleEvent, PuzzleOutcome, SeatOutcome } from './outcome.js';
import type { PuzzleZone } from './model.js';

function zoneNames(game: Game, seat: Seat): Partial<Record<PuzzleZone, string[]>> {
  const s = game.state;
  const name = (id: number): string => s.objects[id]!.card;
  const own = (pile: string): number[] => [...(s.zones[pile] ?? [])];
  // Shared piles (battlefield, exile, command) are split by seat: the battlefield by controller
  // (CR 108.4: the puzzle asks what a player has), exile and command by owner.
  const shared = (pile: string, by: 'controller' | 'owner'): string[] =>
    own(pile)
      .filter((id) => s.objects[id]![by] === seat)
      .map(name);
  return {
    hand: own(`hand-${seat}`).map(name),
    library: own(`library-${seat}`).map(name),
    graveyard: own(`graveyard-${seat}`).map(name),
    // A permanent is named and controlled as it is now, after copy and control effects (CR 613):
    // a Clone copying Serra Angel is a Serra Angel.
    battlefield: game
      .view(seat)
      .battlefield.filter((c) => c.controller === seat)
      .map((c) => c.name),
    exile: shared('exile', 'owner'),
    command: shared('command', 'owner'),
  };
}

/** The permanents `seat` controls, as everyone sees them (after copy, control and P/T effects). */
function permanents(game: Game, seat: Seat): PermanentOutcome[] {
  const all = game.view(seat).battlefield;
  const byId = new Map(all.map((c) => [c.id, c.name]));
  return all
    .filter((c) => c.controller === seat)
    .map((c) => {
      const counters = Object.fromEntries(Object.entries(c.counters).filter(([, n]) => n !== 0));
      const onto = c.attachedTo === null ? undefined : byId.get(c.attachedTo);
      return {
        name: c.name,
        tapped: c.tapped,
        power: c.power,
        toughness: c.toughness,
        damage: c.damage,
        counters,
        ...(onto !== undefined ? { attachedTo: onto } : {}),
      };
    });
}

/**
 * The puzzle events of a game's event log, in order, with card names.
 *
 * @example
 * ```ts
 * puzzleEvents(game.events); // [{ kind: 'SpellCast', seat: 0, card: 'Lightning Bolt' }, ...]
 * ```
 */
export function puzzleEvents(events: readonly GameEvent[]): PuzzleEvent[] {
  const out: PuzzleEvent[] = [];
  for (const e of events) {
    if (e.type === 'SpellCast') out.push({ kind: 'SpellCast', seat: e.seat, card: e.name });
    else if (e.type === 'TriggerFired') out.push({ kind: 'TriggerFired', seat: e.seat, card: e.name });
    else if (e.type === 'CreatureDied') out.push({ kind: 'CreatureDied', seat: e.controller, card: e.name });
  }
  return out;
}

/**
 * The outcome of a game played from a puzzle. `result` is the engine's when the game is over,
 * else what the runner decided (a goal enforced, or `unfinished` at a limit).
 *
 * @example
 * ```ts
 * const outcome = gameOutcome(game, { kind: 'unfinished' });
 * evaluateAssertions(puzzle.assertions, outcome).passed;
 * ```
 */
export function gameOutcome(game: Game, decided: GameResult): PuzzleOutcome {
  let result = decided;
  if (game.over) result = game.winner === null || game.winner === undefined ? { kind: 'draw' } : { kind: 'won', winner: game.winner };
  // The engine's lifeGained is per turn (CR 119.9 reads "this turn"); the puzzle counts the game.
  const gained: [number, number] = [0, 0];
  for (const e of game.events) if (e.type === 'LifeChanged' && e.delta > 0) gained[e.seat] += e.delta;
  const seat = (s: Seat): SeatOutcome => ({
    life: game.state.players[s].life,
    lifeGained: gained[s],
    zones: zoneNames(game, s),
    permanents: permanents(game, s),
  });
  return { players: [seat(0), seat(1)], result, turn: game.state.turn, events: puzzleEvents(game.events) };
}
