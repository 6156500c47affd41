/**
 * How a deck game is set up and summed up, as `mtg tui` does it: checking a deck, the game's
 * options, each seat's controller seed, the log's first and last lines. Node-free (no file, no
 * process), so the AI-vs-AI web page (src/mtg/web/pages/demo.ts) sets its game up with these very
 * functions and plays the game `mtg tui A B --seed S --p1 heuristic --p2 heuristic` plays.
 */
import { StoryletError } from '../../core/errors.js';
import { formatDiagnostic, type CardRegistry } from '../cards/index.js';
import type { ControllerKind } from '../controllers/index.js';
import type { Deck } from '../decks/index.js';
import type { CreateGameOptions, Game, Seat } from '../engine/index.js';

/**
 * A deck as read, or `mtg/bad-deck` when it has an error (an unknown card, a line that is not a
 * card line: the first one's file, line and column) or no main deck. `readDeckArg` and the game
 * server (`SetDeck`) both refuse decks with it.
 *
 * @example
 * ```ts
 * checkDeck(readDeck('[Main]\n20 Mountain\n', 'a.dck', registry)).main.length; // 20
 * ```
 */
export function checkDeck(deck: Deck): Deck {
  const errors = deck.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) {
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more error${errors.length > 2 ? 's' : ''})` : '';
    throw new StoryletError('mtg/bad-deck', `${formatDiagnostic(errors[0]!)}${more}`, { file: deck.file, diagnostics: errors });
  }
  if (deck.main.length === 0) throw new StoryletError('mtg/bad-deck', `${deck.file}: the deck has no cards in [Main]`, { file: deck.file });
  return deck;
}

/** What a deck game is made of, as `mtg tui` and `mtg server` take it. */
export type DeckGameSpec = {
  registry: CardRegistry;
  /** Each seat's main deck (card names, as the deck file lists them): p1's first. */
  decks: readonly [readonly string[], readonly string[]];
  seed: string;
  deckSeed?: string;
  /** Cards put on top of each library after the opening shuffle (`--p1-draw`, `--p2-draw`), already resolved to registry names. */
  topOfLibrary?: [string[], string[]];
  startingLife?: number;
};

/**
 * The game options of a deck game as `mtg tui` plays it: one home, so that a server game with
 * `--seed S` is the same game as `mtg tui A B --seed S` (p1 is A). Commands add what only they
 * need (`checkpoints` for tui's snapshots, a replica link for the server's golden).
 *
 * @example
 * ```ts
 * createGame(deckGameOptions({ registry, decks: [a.main, b.main], seed: '7' }));
 * ```
 */
export function deckGameOptions(spec: DeckGameSpec): CreateGameOptions {
  const top = spec.topOfLibrary;
  return {
    registry: spec.registry,
    decks: [[...spec.decks[0]], [...spec.decks[1]]],
    seed: spec.seed,
    ...(spec.deckSeed !== undefined ? { deckSeed: spec.deckSeed } : {}),
    ...(top && (top[0].length || top[1].length) ? { topOfLibrary: top } : {}),
    ...(spec.startingLife !== undefined ? { startingLife: spec.startingLife } : {}),
    // Why-not reasons at every priority decision, so a person can take over any seat on resume.
    explain: true,
  };
}

/**
 * A seat's controller seed when none is given (`--seed-p1`): the game seed and the seat, so the
 * two heuristic players of one game differ and a game seed fixes both.
 *
 * @example
 * ```ts
 * seatSeed('42', 1); // '42:p1'
 * ```
 */
export function seatSeed(gameSeed: string, n: 1 | 2): string {
  return `${gameSeed}:p${n}`;
}

/**
 * The first line of `mtg tui`'s log: the decks, who plays them and the seeds.
 *
 * @example
 * ```ts
 * gameHeader(['Starter Red-Green Aggro', 'Starter White-Blue Control'], ['heuristic', 'heuristic'], '7');
 * // 'p1: Starter Red-Green Aggro (heuristic) vs p2: Starter White-Blue Control (heuristic) · seed 7'
 * ```
 */
export function gameHeader(decks: readonly [string, string], kinds: readonly [ControllerKind, ControllerKind], seed: string, deckSeed?: string): string {
  const who = (s: Seat): string => `p${s + 1}: ${decks[s]} (${kinds[s]})`;
  return `${who(0)} vs ${who(1)} · seed ${seed}${deckSeed !== undefined ? ` · deck seed ${deckSeed}` : ''}`;
}

/**
 * The line `mtg tui` ends a finished game's log with.
 *
 * @example
 * ```ts
 * resultLine(session); // 'Result: p1 (Starter Red-Green Aggro) wins · turn 11 · 183 choices · state a925…'
 * ```
 */
export function resultLine(session: { game: Game; decks: readonly [string, string] }): string {
  const game = session.game;
  const w = game.winner;
  const result = w === null || w === undefined ? 'a draw' : `p${w + 1} (${session.decks[w]}) wins`;
  return `Result: ${result} · turn ${game.state.turn} · ${game.choices.length} choices · state ${game.stateHash()}`;
}
