// Shared helpers for the engine's rules tests: a registry of the hand-written fixture cards,
// a board-setup builder, and small drivers that answer choice points by label.
import { fileURLToPath } from 'node:url';
import { compileScript, createCardRegistry, type Card, type CardRegistry } from '../../../src/mtg/cards/index.js';
import { createGame, type Game } from '../../../src/mtg/engine/index.js';
import type { BoardSetup, SeatSetup } from '../../../src/mtg/engine/index.js';
import { FIXTURE_CARDS } from './fixtures/cards.js';
import { EFFECT_CARDS } from './fixtures/effects.js';

export const REPO = fileURLToPath(new URL('../../../', import.meta.url));

let fixtures: CardRegistry | undefined;

/** The registry of the fixture cards (compiled once). */
export function fixtureRegistry(): CardRegistry {
  return (fixtures ??= registryOf(FIXTURE_CARDS, EFFECT_CARDS));
}

/**
 * A registry of fixture cards: script lines by card name, from any number of sets (a later set's
 * card of the same name wins). Throws naming a card that does not compile.
 */
export function registryOf(...sets: Array<Record<string, readonly string[]>>): CardRegistry {
  const cards: Card[] = [];
  for (const [name, lines] of Object.entries(Object.assign({}, ...sets) as Record<string, readonly string[]>)) {
    const { card, diagnostics } = compileScript(`cardsfolder/t/${name.toLowerCase().replace(/ /g, '_')}.txt`, lines.join('\n'));
    if (!card) throw new Error(`fixture ${name} did not compile: ${JSON.stringify(diagnostics)}`);
    cards.push(card);
  }
  return createCardRegistry({ cards, tokens: [] });
}

/** A game from a board setup: main phase 1 of turn 1 with seat 0 active, unless said otherwise. */
export function board(p0: SeatSetup, p1: SeatSetup = {}, more: Partial<BoardSetup> & { registry?: CardRegistry; seed?: string; explain?: boolean } = {}): Game {
  const { registry, seed, explain, ...rest } = more;
  return createGame({
    registry: registry ?? fixtureRegistry(),
    seed: seed ?? 'test',
    setup: {
      players: [
        { library: filler(), ...p0 },
        { library: filler(), ...p1 },
      ],
      ...rest,
    },
    ...(explain ? { explain: true } : {}),
  });
}

function filler(): string[] {
  return Array.from({ length: 10 }, () => 'Test Forest');
}

/** The labels of the pending choice's options. */
export function labels(game: Game): string[] {
  return game.pending()?.options.map((o) => o.label) ?? [];
}

/** Answers the pending choice with the option whose label starts with `prefix`. */
export function pick(game: Game, prefix: string): void {
  const point = game.pending();
  if (!point) throw new Error(`no pending choice (wanted "${prefix}")`);
  const option = point.options.find((o) => o.label === prefix) ?? point.options.find((o) => o.label.startsWith(prefix));
  if (!option) throw new Error(`no option "${prefix}" in ${point.kind} choice for p${point.seat + 1}: ${point.options.map((o) => o.label).join(' | ')}`);
  game.choose(option.index);
}

/** Passes priority until the game reaches `step` (of `turn`, if given), answering other choices with 0. */
export function passUntil(game: Game, step: string, turn?: number, limit = 2000): void {
  for (let i = 0; i < limit; i++) {
    const p = game.pending();
    if (!p) return;
    if (p.phase === step && (turn === undefined || p.turn === turn) && p.kind === 'priority') return;
    game.choose(0);
  }
  throw new Error(`never reached ${step}${turn ? ` of turn ${turn}` : ''}`);
}

/** Passes priority (option 0) until the stack is empty or the game stops asking. */
export function passAll(game: Game, times = 1): void {
  for (let i = 0; i < times && game.pending(); i++) game.choose(0);
}

/** The battlefield's card names for a seat (its controller). */
export function field(game: Game, seat: 0 | 1): string[] {
  const v = game.view(seat);
  return v.battlefield.filter((c) => c.controller === seat).map((c) => c.name);
}

/** An object of a seat's battlefield by name. */
export function find(game: Game, name: string, seat?: 0 | 1) {
  const v = game.view(0);
  const c = v.battlefield.find((x) => x.name === name && (seat === undefined || x.controller === seat));
  if (!c) throw new Error(`${name} is not on the battlefield`);
  return c;
}

/**
 * Passes (answers 0) until an option whose label starts with `label` is offered, then takes it:
 * the fixed-input language's wildcard mode. Decisions with one option are never asked, so a test
 * cannot count on a priority stop in a step where nobody can do anything.
 */
export function act(game: Game, label: string, limit = 2000): void {
  for (let i = 0; i < limit; i++) {
    const point = game.pending();
    if (!point) throw new Error(`the game ended before "${label}" was offered`);
    const option = point.options.find((o) => o.label === label) ?? point.options.find((o) => o.label.startsWith(label));
    if (option) {
      game.choose(option.index);
      return;
    }
    game.choose(0);
  }
  throw new Error(`"${label}" was never offered`);
}

/** Answers 0 until the game ends or `done(game)` holds. */
export function passWhile(game: Game, more: (g: Game) => boolean, limit = 5000): void {
  for (let i = 0; i < limit && game.pending() && more(game); i++) game.choose(0);
}

/**
 * Passes priority until the stack is empty, or until a decision other than priority comes up (a
 * choice an effect asks for while it resolves), which the test then answers.
 */
export function resolveStack(game: Game, limit = 200): void {
  for (let i = 0; i < limit && game.pending() && game.state.stack.length > 0; i++) {
    if (game.pending()!.kind !== 'priority') return;
    game.choose(0);
  }
}

/** Every land a test board needs: two of each basic type (fixture versions). */
export function lands(n = 2): string[] {
  const out: string[] = [];
  for (const l of ['Test Plains', 'Test Island', 'Test Swamp', 'Test Mountain', 'Test Forest']) for (let i = 0; i < n; i++) out.push(l);
  return out;
}

/** Names of the cards in a seat's zone. */
export function zone(game: Game, pile: string): string[] {
  return game.state.zones[pile]!.map((id) => game.state.objects[id]!.card);
}
