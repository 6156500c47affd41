/**
 * The game of the AI-vs-AI page (docs/mtg/web.md "AI vs AI"), without the page: the heuristic
 * against itself, set up exactly as `mtg tui A B --seed S --p1 heuristic --p2 heuristic` sets its
 * game up (the same deck check, game options, controller seeds and log), played one decision at
 * a time so the page can pause, step and pace it. The page only schedules {@link DemoGame.step};
 * nothing here reads a clock or an unseeded random source, so the log is the command line's byte
 * for byte.
 *
 * Browser code and DOM-free: no node: import, no document (tests drive it in Node too).
 */
import { StoryletError } from '../../../core/errors.js';
import type { CardRegistry } from '../../cards/index.js';
import { checkDeck, deckGameOptions, gameHeader, resultLine, seatSeed } from '../../cli/game-setup.js';
import { GameLog } from '../../cli/log.js';
import { createController, paint, type SeatController } from '../../controllers/index.js';
import { readDeck, type Deck } from '../../decks/index.js';
import { createGame, lazyView, type Game, type Seat, type SeatView } from '../../engine/index.js';

/** What a demo game is played with: two decks (their `.dck` text and file) and a seed. */
export type DemoSetup = {
  registry: CardRegistry;
  decks: readonly [{ file: string; text: string }, { file: string; text: string }];
  /** The game seed, a whole number as `mtg tui --seed` takes it. */
  seed: string;
};

/** The lines a demo writes: `header` and `result` are the untagged first and last lines of `mtg tui`'s log, `gamelog` a tagged game line. */
export type DemoLine = { kind: 'header' | 'gamelog' | 'result'; text: string };

/**
 * One heuristic-vs-heuristic game, advanced by {@link DemoGame.step}.
 *
 * @example
 * ```ts
 * const demo = new DemoGame({ registry: starterRegistry(), decks: [RED_GREEN_AGGRO, WHITE_BLUE_CONTROL], seed: '7' }, (l) => lines.push(l));
 * while (demo.step());
 * ```
 */
export class DemoGame {
  readonly game: Game;
  readonly decks: [Deck, Deck];
  /** `mtg tui`'s first line: the decks, the seats and the seed. */
  readonly header: string;
  private readonly seats: [SeatController, SeatController];
  private readonly log: GameLog;
  private finished = false;

  /**
   * Reads the decks and starts the game; the header line is written at once.
   *
   * @throws StoryletError `mtg/bad-deck` for a deck with an error (an unknown card: its file,
   * line and column), `mtg/bad-seed` for a seed that is not a whole number.
   */
  constructor(
    setup: DemoSetup,
    private readonly write: (line: DemoLine) => void,
  ) {
    const { registry, seed } = setup;
    if (!/^\d{1,15}$/.test(seed))
      throw new StoryletError('mtg/bad-seed', `a seed is a whole number of at most 15 digits, not ${JSON.stringify(seed)}`, { seed });
    const s = String(Number(seed));
    this.decks = [
      checkDeck(readDeck(setup.decks[0].text, setup.decks[0].file, registry)),
      checkDeck(readDeck(setup.decks[1].text, setup.decks[1].file, registry)),
    ];
    this.game = createGame(deckGameOptions({ registry, decks: [this.decks[0].main, this.decks[1].main], seed: s }));
    this.seats = [
      createController({ kind: 'heuristic', seed: seatSeed(s, 1) }, { registry }),
      createController({ kind: 'heuristic', seed: seatSeed(s, 2) }, { registry }),
    ];
    // Verbosity 2 and tagged, as `mtg tui --tag-gamelogs` writes by default; no colour (a page has none).
    this.log = new GameLog({ verbosity: 2, tag: true, paint: paint(false), viewer: null, write: (text) => this.write({ kind: 'gamelog', text }) });
    this.header = gameHeader([this.decks[0].name, this.decks[1].name], ['heuristic', 'heuristic'], s);
    this.write({ kind: 'header', text: this.header });
    // What the game logged setting up (the opening hands), before the first decision is asked.
    this.log.flush(this.game);
  }

  /** Whether the game has ended (the result line is written). */
  get over(): boolean {
    return this.finished;
  }

  /** Decisions made so far. */
  get choices(): number {
    return this.game.choices.length;
  }

  /** The game as `seat` sees it, for the board. */
  view(seat: Seat): SeatView {
    return this.game.view(seat);
  }

  /**
   * Makes the next decision and writes the log lines it caused, or ends the game when there is
   * none. The log is flushed at the points `mtg tui`'s loop flushes it (src/mtg/cli/session.ts
   * playSession: before each decision is asked, which is right after the previous one), so the
   * lines are the same. Returns whether the game goes on.
   */
  step(): boolean {
    if (this.finished) return false;
    const point = this.game.pending();
    if (!point) {
      this.finished = true;
      this.write({ kind: 'result', text: resultLine({ game: this.game, decks: [this.decks[0].name, this.decks[1].name] }) });
      return false;
    }
    const seat = this.seats[point.seat];
    const index = seat.choose(lazyView(this.game, point.seat), point);
    if (!Number.isInteger(index) || index < 0 || index >= point.options.length) {
      throw new StoryletError(
        'mtg/bad-controller',
        `controller ${seat.name} of p${point.seat + 1} chose ${JSON.stringify(index)} of ${point.options.length} options`,
        {
          index,
        },
      );
    }
    this.game.choose(index);
    this.log.flush(this.game);
    return true;
  }
}
