/**
 * A game as the `mtg` command plays it: the engine's game, a controller per seat, the log, and
 * the stop rules. {@link playSession} is the loop: before each decision is presented it writes
 * the new log lines and checks the stop rules (the snapshot point: everything before the
 * decision has happened, nothing of it has), then asks the seat's controller and answers.
 */
import { StoryletError } from '../../core/errors.js';
import type { CardRegistry } from '../cards/index.js';
import type { ControllerSpec, SeatController } from '../controllers/index.js';
import { createGame, lazyView, type Game, type Seat } from '../engine/index.js';
import type { CardSource } from './common.js';
import type { GameLog, Verbosity } from './log.js';
import { SESSION_FORMAT, SESSION_VERSION, type SessionSnapshot } from './snapshot.js';

/** A game being played by the command line. */
export type Session = {
  game: Game;
  seats: [SeatController, SeatController];
  registry: CardRegistry;
  cards: CardSource;
  decks: [string, string];
  log: { verbosity: Verbosity; tag: boolean };
  maxTurns: number | null;
};

/** When to stop before the game is over. */
export type StopRules = {
  /** Stop before a decision once this many choices were made (by `seat`, if given). */
  onChoice: { count: number; seat: Seat | null } | null;
  /** Stop before asking a fixed-input seat whose script has run out. */
  whenFixedExhausted: boolean;
};

/** How a session's run ended. */
export type Outcome = { kind: 'over' } | { kind: 'stopped'; why: string } | { kind: 'limit'; why: string } | { kind: 'quit'; why: string };

/**
 * The session's snapshot, taken now (before the pending decision is presented).
 *
 * @example
 * ```ts
 * writeSnapshot('game.snapshot', sessionSnapshot(session), { json: false });
 * ```
 */
export function sessionSnapshot(session: Session): SessionSnapshot {
  return {
    format: SESSION_FORMAT,
    version: SESSION_VERSION,
    game: session.game.snapshot(),
    seats: [session.seats[0].spec(), session.seats[1].spec()],
    cards: session.cards,
    decks: [...session.decks],
    log: { ...session.log },
    maxTurns: session.maxTurns,
  };
}

/** Choices each seat has made so far, from the action log. */
function choiceCounts(game: Game): [number, number] {
  const counts: [number, number] = [0, 0];
  for (const a of game.actions) if (a.type === 'ChoicePoint') counts[a.seat]++;
  return counts;
}

/**
 * An engine failure during a session, with the snapshot of the game just before the decision
 * that failed: resuming it reproduces the failure (same seeds, same choices, same controllers).
 *
 * @example
 * ```ts
 * try { playSession(session, stop, log); } catch (e) { if (e instanceof SessionCrash) writeSnapshot(path, e.before, { json: true }); }
 * ```
 */
export class SessionCrash extends Error {
  constructor(
    readonly failure: StoryletError,
    readonly before: SessionSnapshot,
  ) {
    super(failure.message);
  }
}

/**
 * Plays until the game is over or a stop rule holds. A controller's bad answer or an engine
 * failure is thrown (the engine's as a {@link SessionCrash}); `mtg/quit` from a person at the
 * terminal ends the run as `quit`.
 *
 * @example
 * ```ts
 * const outcome = playSession(session, { onChoice: { count: 10, seat: null }, whenFixedExhausted: false }, log);
 * if (outcome.kind !== 'over') writeSnapshot(path, sessionSnapshot(session), { json: false });
 * ```
 */
export function playSession(session: Session, stop: StopRules, log: GameLog, notice?: (line: string) => void): Outcome {
  const { game, seats } = session;
  const counts = choiceCounts(game);
  // A fixed seat whose script has run out answers passively from then on; `notice` (given on
  // resume) hears it once per seat, so a resumed script that ran dry is never silent (issue 20).
  const told: [boolean, boolean] = [false, false];
  for (;;) {
    log.flush(game);
    const point = game.pending();
    if (!point) return { kind: 'over' };
    if (session.maxTurns !== null && game.state.turn > session.maxTurns) {
      return { kind: 'limit', why: `the turn limit (${session.maxTurns}) was reached` };
    }
    if (stop.onChoice && (stop.onChoice.seat === null || stop.onChoice.seat === point.seat)) {
      const made = stop.onChoice.seat === null ? game.choices.length : counts[stop.onChoice.seat];
      if (made >= stop.onChoice.count) {
        const whose = stop.onChoice.seat === null ? '' : ` by p${stop.onChoice.seat + 1}`;
        return { kind: 'stopped', why: `${made} choices were made${whose}` };
      }
    }
    const seat = seats[point.seat];
    const view = lazyView(game, point.seat);
    // The seats as they are before this decision, for a crash snapshot that reproduces it.
    const specs: [ControllerSpec, ControllerSpec] = [seats[0].spec(), seats[1].spec()];
    if (seat.exhausted?.(view) && (seat.kind === 'replay' || stop.whenFixedExhausted)) {
      return { kind: 'stopped', why: `p${point.seat + 1}'s ${seat.kind === 'replay' ? 'replay' : 'fixed inputs'} ran out` };
    }
    if (notice && seat.kind === 'fixed' && !told[point.seat] && seat.exhausted?.(view)) {
      told[point.seat] = true;
      const n = point.seat + 1;
      notice(
        `p${n}'s fixed inputs ran out before choice ${game.choices.length + 1} (turn ${game.state.turn}, ${point.phase}): p${n} passes from here on (--stop-when-fixed-exhausted stops instead; --override-p${n} KIND plays the seat)`,
      );
    }
    let index: number;
    try {
      index = seat.choose(view, point, game);
    } catch (error) {
      if (error instanceof StoryletError && error.code === 'mtg/quit') return { kind: 'quit', why: `p${point.seat + 1} quit (${error.message})` };
      throw error;
    }
    if (!Number.isInteger(index) || index < 0 || index >= point.options.length) {
      throw new StoryletError(
        'mtg/bad-controller',
        `controller ${seat.name} of p${point.seat + 1} chose ${JSON.stringify(index)} of ${point.options.length} options`,
        { index },
      );
    }
    const made = game.choices.length;
    try {
      game.choose(index);
    } catch (error) {
      if (error instanceof StoryletError && (error.code === 'mtg/engine-error' || error.code === 'mtg/invariant')) {
        throw new SessionCrash(error, crashSnapshot(session, made, specs));
      }
      throw error;
    }
    counts[point.seat]++;
  }
}

/** The snapshot of a failed game before its failing choice, rebuilt by replaying the `made` before it. */
function crashSnapshot(session: Session, made: number, specs: [ControllerSpec, ControllerSpec]): SessionSnapshot {
  const choices = session.game.choices.slice(0, made);
  const again = createGame({ ...session.game.config, registry: session.registry });
  for (const c of choices) again.choose(c);
  const snapshot = sessionSnapshot({ ...session, game: again });
  snapshot.seats = specs;
  return snapshot;
}

// The result line is node-free (the web demo writes it too); kept importable from here.
export { resultLine } from './game-setup.js';
