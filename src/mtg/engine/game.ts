/**
 * The public engine: {@link createGame} makes a game from two decks (or a board setup) and
 * seeds; the game runs until it needs a decision and then waits with {@link Game.pending};
 * {@link Game.choose} answers and runs it on to the next decision. A game is a pure function of
 * its config and the ordered choices, so a snapshot is those (plus the state hash they must
 * reproduce) and, to resume without replaying, the whole state at the last priority decision
 * ({@link SavedState}); {@link restoreGame} loads it and replays only the choices after it, and
 * {@link forkGame} copies a game in memory the same way. Snapshots are taken before a choice is
 * presented (the reference's "snapshot point").
 *
 * **API boundary:** `createGame`, `restoreGame`, `forkGame`, the `Game` interface and the types in
 * `types.ts`, `choice.ts` and `log.ts` are what controllers, the CLI and tests use.
 */
import { StoryletError } from '../../core/errors.js';
import { contentHash } from '../../core/hash.js';
import { Rng, type RngState } from '../../core/random.js';
import type { CardRegistry } from '../cards/index.js';
import type { Table, TableSnapshot } from '../../index.js';
import type { ChoicePoint, Seat, Unavailable } from './choice.js';
import { ask, cardRef, type Gen, type Opt } from './ask.js';
import { copyJson, invariant, nextTick, opponent, type BoardSetup, type G, type GameConfig, type ReplicaLink } from './context.js';
import { chars, verifyChars } from './layers.js';
import { offers, type Offer } from './cast.js';
import { GameEnded } from './sba.js';
import { playTurn, priorityPoint, resumeAtPriority, type PriorityFrame } from './turn.js';
import { openingHandActions } from './opening-hand.js';
import { checkZones, createZones, moveObject, pileId, restoreTable, shuffleLibrary } from './zones.js';
import { seatView, type SeatView } from './view.js';
import type { Action, GameEvent } from './log.js';
import type { GameObject, GameState, PlayerState, Step } from './types.js';
import {
  attachPlaced,
  faceDownPlaced,
  countersPlaced,
  linkPlaced,
  enterMovePrecasts,
  placeHosts,
  placeTokens,
  precastCards,
  preparePrecasts,
  runPrecasts,
  setupBoard,
  setupCombat,
  setupDecks,
  type Placed,
  type Precast,
} from './setup.js';
import { setupAbilityKeys } from './setup-abilities.js';
import './effects/index.js';

/** Options of {@link createGame}: the config plus the card registry to play with. */
export type CreateGameOptions = Omit<GameConfig, 'seed'> & {
  registry: CardRegistry;
  seed: string | number;
  /**
   * Keep the state of the latest priority decision, so that a snapshot or a fork taken at any
   * other decision (a target, a blocker) costs O(state) rather than a replay of the game. It costs
   * a copy of the state at each priority decision answered; not part of the config.
   */
  checkpoints?: boolean;
  /**
   * Internal: makes the game one copy of a replicated game (`runReplicated`, replica/): the
   * golden's recorder or a shadow's feed. Not part of the config.
   */
  replica?: ReplicaLink & { rng(real: Rng, g: G): Rng };
};

/** A saved game: its inputs, the choices made, and the state hash they lead to. */
export type GameSnapshot = {
  format: 'storyletengine/mtg-game';
  version: 1;
  config: GameConfig;
  choices: number[];
  stateHash: string;
  actionCount: number;
  /** A hash of the compiled cards the decks use: a snapshot only resumes with the same cards. */
  cardsHash: string;
  /**
   * The whole state at the last priority decision at or before the snapshot point (absent when
   * the game kept none: then resuming replays `choices`). Restoring loads it and replays only
   * the choices made after it, then checks `stateHash`.
   */
  state?: SavedState;
};

/**
 * A game's whole state at a priority decision, as JSON: everything its future depends on
 * besides the choices still to come (the controllers' own seeds are theirs). The engine state,
 * the table (piles in order, visibility, its random stream), the game's random stream, the logs,
 * the script features met so far, and the decision waiting: its point, its priority round's frame
 * and the offers behind its options (by card id). Absent `resume`: the game was over.
 */
export type SavedState = {
  /** How many of the snapshot's choices had been made when it was taken. */
  at: number;
  /**
   * A hash of those first `at` choices, written by `snapshot()`: a snapshot whose recorded
   * choices were edited no longer matches its state and is refused rather than resumed.
   */
  choicesHash?: string;
  s: GameState;
  table: TableSnapshot;
  rng: RngState;
  actions: Action[];
  events: GameEvent[];
  unsupported: string[];
  resume: { frame: PriorityFrame; point: ChoicePoint; offers: SavedOffer[] } | null;
};

/** An {@link Offer} with its card by id, so that it is JSON. */
export type SavedOffer = Omit<Offer, 'card'> & { card: number };

/** A game in progress. */
export interface Game {
  readonly config: Readonly<GameConfig>;
  /** The whole state (the authority's: it holds hidden information). */
  readonly state: Readonly<GameState>;
  /** The decision the game is waiting for, or null when it is over. */
  pending(): ChoicePoint | null;
  /** Answers the pending decision with an option's index. */
  choose(index: number): void;
  /** What one seat may see, for controllers (information-independent, CR 400.2 hidden zones). */
  view(seat: Seat): SeatView;
  /** Why each card in hand or ability was not offered at the pending priority decision. */
  explain(): Unavailable[];
  snapshot(): GameSnapshot;
  stateHash(): string;
  readonly actions: readonly Action[];
  readonly events: readonly GameEvent[];
  /** Every choice made, in order. */
  readonly choices: readonly number[];
  /** The winner, null for a draw, undefined while the game goes on. */
  readonly winner: Seat | null | undefined;
  readonly over: boolean;
  /** Script features met that this engine does not implement (for reports). */
  readonly unsupported: ReadonlySet<string>;
  /** The engine context, for tests and tools inside the engine. */
  readonly internals: G;
}

function newPlayer(seat: Seat, life: number): PlayerState {
  return {
    seat,
    life,
    poison: 0,
    pool: [],
    landsPlayed: 0,
    drewFromEmpty: false,
    lost: false,
    won: false,
    lossReason: null,
    mulligans: 0,
    lifeGained: 0,
    lifeLost: 0,
    spellsCast: 0,
    cardsDrawn: 0,
    turnStartTick: 0,
    skipTurns: 0,
    damageTaken: 0,
  };
}

function checkConfig(options: CreateGameOptions): GameConfig {
  if (options === null || typeof options !== 'object') throw new StoryletError('mtg/bad-config', 'createGame takes { registry, decks, seed, ... }');
  if (!options.registry || typeof options.registry.get !== 'function')
    throw new StoryletError('mtg/bad-config', 'createGame needs a card registry (createCardRegistry)');
  if (typeof options.seed !== 'string' && typeof options.seed !== 'number')
    throw new StoryletError('mtg/bad-config', 'seed must be a string or a number', { seed: options.seed });
  if (!options.setup) {
    if (!Array.isArray(options.decks) || options.decks.length !== 2 || !options.decks.every((d) => Array.isArray(d))) {
      throw new StoryletError('mtg/bad-config', 'decks must be two lists of card names (or give a setup)');
    }
  }
  const life = options.startingLife ?? 20;
  if (!Number.isInteger(life) || life <= 0)
    throw new StoryletError('mtg/bad-config', `startingLife must be a whole number above 0; got ${JSON.stringify(life)}`);
  const config: GameConfig = { seed: String(options.seed) };
  if (options.decks) config.decks = [[...options.decks[0]], [...options.decks[1]]];
  if (options.deckSeed !== undefined) config.deckSeed = String(options.deckSeed);
  if (options.startingLife !== undefined) config.startingLife = life;
  if (options.first !== undefined) config.first = options.first;
  if (options.setup) config.setup = JSON.parse(JSON.stringify(options.setup)) as BoardSetup;
  if (options.topOfLibrary) config.topOfLibrary = [[...options.topOfLibrary[0]], [...options.topOfLibrary[1]]];
  if (options.payment) config.payment = [options.payment[0], options.payment[1]];
  if (options.explain) config.explain = true;
  if (options.strict) config.strict = true;
  return config;
}

function emptyState(life: number): GameState {
  return {
    turn: 0,
    active: 0,
    step: 'untap',
    priority: null,
    first: 0,
    tick: 0,
    nextId: 1,
    tokenSlots: 0,
    players: [newPlayer(0, life), newPlayer(1, life)],
    objects: [null],
    zones: {},
    stack: [],
    pending: [],
    effects: [],
    delayed: [],
    combat: null,
    extraTurns: [],
    turnFacts: { creaturesDied: 0, attackersDeclared: 0, landsEntered: 0 },
    over: null,
  };
}

/** The opening hands (CR 103.4) and London mulligans (CR 103.5). */
function* openingHands(g: G): Gen<void> {
  const drawSeven = (seat: Seat): void => {
    for (let i = 0; i < 7; i++) {
      const lib = g.s.zones[pileId('library', seat)]!;
      if (lib.length === 0) break;
      moveObject(g, g.s.objects[lib[0]!]!, 'hand', 'top');
    }
  };
  const order: Seat[] = [g.s.first, opponent(g.s.first)];
  for (const seat of order) drawSeven(seat);
  const kept: [boolean, boolean] = [false, false];
  while (!kept[0] || !kept[1]) {
    const mulligan: Seat[] = [];
    for (const seat of order) {
      if (kept[seat]) continue;
      const p = g.s.players[seat];
      if (p.mulligans >= 7) {
        kept[seat] = true;
        continue;
      }
      const k = yield* ask(
        g,
        seat,
        'mulligan',
        `Keep this hand of ${g.s.zones[pileId('hand', seat)]!.length}${p.mulligans ? ` (you will put ${p.mulligans} on the bottom)` : ''}?`,
        [
          { label: 'keep', action: { verb: 'keep' } },
          { label: 'mulligan', action: { verb: 'mulligan' } },
        ],
      );
      if (k === 0) kept[seat] = true;
      else mulligan.push(seat);
    }
    for (const seat of mulligan) {
      g.s.players[seat].mulligans++;
      g.events.push({ type: 'Mulligan', seat, count: g.s.players[seat].mulligans });
      for (const id of [...g.s.zones[pileId('hand', seat)]!]) moveObject(g, g.s.objects[id]!, 'library', 'top');
      shuffleLibrary(g, seat);
      drawSeven(seat);
    }
  }
  for (const seat of order) {
    for (let i = 0; i < g.s.players[seat].mulligans; i++) {
      const hand = g.s.zones[pileId('hand', seat)]!;
      if (hand.length === 0) break;
      const opts: Opt[] = hand.map((id) => {
        const name = chars(g, g.s.objects[id]!).name;
        return { label: `put ${name} on the bottom`, action: { verb: 'choose', card: cardRef(id, name) } };
      });
      const k = yield* ask(g, seat, 'bottom', 'Choose a card to put on the bottom of your library', opts);
      moveObject(g, g.s.objects[hand[k]!]!, 'library', 'bottom');
    }
  }
}

function* playGame(g: G, precasts: readonly Precast[]): Gen<void> {
  try {
    const setup = g.config.setup;
    if (!setup) {
      yield* openingHands(g);
      yield* openingHandActions(g);
      for (;;) yield* playTurn(g);
    }
    yield* runPrecasts(g, precasts);
    const step: Step = setup.step ?? 'main1';
    yield* playTurn(g, step);
    for (;;) yield* playTurn(g);
  } catch (error) {
    if (error instanceof GameEnded) return;
    throw error;
  }
}

function cardsHash(g: G): string {
  const names = new Set<string>();
  for (const o of g.s.objects) if (o && !o.token) names.add(o.card);
  const cards = [...names].sort().map((n) => g.registry.get(n));
  return contentHash(JSON.stringify(cards.map((c) => [c.name, c.faces, c.fields])));
}

/**
 * Makes a game and runs it to its first decision.
 *
 * @example
 * ```ts
 * const game = createGame({ registry, decks: [deckA, deckB], seed: 7 });
 * while (game.pending()) game.choose(0);
 * game.winner; // 0, 1 or null
 * ```
 */
export function createGame(options: CreateGameOptions): Game {
  const config = checkConfig(options);
  const registry = options.registry;
  const life = config.startingLife ?? 20;
  const g: G = {
    registry,
    config,
    s: emptyState(life),
    table: undefined as never,
    rng: new Rng(`${config.seed}/game`),
    actions: [],
    events: [],
    choices: [],
    version: 0,
    shape: 0,
    cache: { version: -1, chars: [], derived: new Map(), derivedVersion: -1 },
    unsupported: new Set(),
    asking: null,
    priority: null,
  };
  if (options.replica) {
    g.replica = options.replica;
    g.rng = options.replica.rng(g.rng, g);
  }
  let placed: Placed[] = [];
  let hosts: Array<GameObject | null> = [];
  let precasts: Precast[] = [];
  let initial: Record<string, number[]>;
  if (config.setup) {
    const built = setupBoard(g, config.setup);
    initial = built.initial;
    placed = built.placed;
    hosts = precastCards(g, config.setup);
    initial['void'] = hosts.filter((o) => o !== null).map((o) => o.id);
  } else {
    initial = setupDecks(g);
  }
  createZones(g, initial);
  placeHosts(g, initial['void'] ?? []);
  placeTokens(g, placed, config.setup?.abilities);
  const first = config.setup ? (config.setup.active ?? 0) : config.first === 'random' ? (g.rng.int(2) as Seat) : (config.first ?? 0);
  g.s.first = first;
  if (config.setup) {
    g.s.turn = config.setup.turn ?? 1;
    g.s.active = first;
    g.s.step = config.setup.step ?? 'main1';
    const tick = nextTick(g);
    for (const p of g.s.players) p.turnStartTick = tick;
    for (const o of g.s.objects) {
      if (!o) continue;
      o.timestamp = nextTick(g);
      o.controlSince = 0;
      o.enteredTurn = 0;
    }
    // A permanent set up `sick` came under its controller's control this turn (CR 302.6).
    for (const { entry, o } of placed) {
      if (typeof entry !== 'string' && entry.sick) o!.controlSince = nextTick(g);
    }
    const fields = attachPlaced(placed);
    linkPlaced(g, config.setup, initial, fields);
    countersPlaced(g, config.setup, initial, fields);
    faceDownPlaced(g, placed);
    // The combat in progress is laid out before the precasts, which may read it.
    setupCombat(g, config.setup, fields);
    precasts = [...enterMovePrecasts(g, config.setup, fields), ...preparePrecasts(g, config.setup, hosts, initial, fields)];
  }
  return wrap(g, playGame(g, precasts), options.checkpoints === true ? { saved: null } : null);
}

/** What a game keeps beside its context: its latest priority checkpoint, when it keeps one. */
type Keep = { checkpoints: { saved: SavedState | null } | null; failed: boolean; rederive?: () => void };
const kept = new WeakMap<G, Keep>();

function wrap(g: G, it: Gen<void>, checkpoints: Keep['checkpoints']): Game {
  // `it` is replaced only by `rederive` (a shadow's priority decision asked again).
  let pending: ChoicePoint | null = null;
  let failed: StoryletError | null = null;
  const keep: Keep = { checkpoints, failed: false };
  kept.set(g, keep);
  const run = (answer: number | undefined): void => {
    try {
      const r = answer === undefined ? it.next() : it.next(answer);
      pending = r.done ? null : r.value;
      if (pending ? g.config.strict === true : true) checkZones(g);
      // Strict games check the incremental characteristics against a fresh computation (layers.ts).
      if (pending && g.config.strict === true) verifyChars(g);
    } catch (error) {
      pending = null;
      keep.failed = true;
      if (error instanceof StoryletError && (error.code === 'mtg/invariant' || error.code === 'mtg/desync')) {
        failed = error;
        throw error;
      }
      failed = new StoryletError(
        'mtg/engine-error',
        `engine error: ${error instanceof Error ? error.message : String(error)} (seed ${g.config.seed}, ${g.choices.length} choices)`,
        {
          seed: g.config.seed,
          config: g.config,
          choices: [...g.choices],
          cause: error instanceof Error ? (error.stack ?? error.message) : String(error),
        },
      );
      throw failed;
    }
  };
  run(undefined);
  // A shadow that has just learned faces asks its waiting priority decision again (replica/).
  keep.rederive = () => {
    if (!pending || pending.kind !== 'priority' || !g.priority) return;
    const frame = { ...g.priority.frame };
    const fresh = priorityPoint(g, frame.seat);
    it = resumed(g, { frame, point: fresh.point, offers: fresh.offers });
    run(undefined);
  };
  const game: Game = {
    get config() {
      return g.config;
    },
    get state() {
      return g.s;
    },
    pending: () => pending,
    choose(index: number) {
      if (failed) throw new StoryletError('mtg/game-failed', `this game stopped on an engine error: ${failed.message}`, { cause: failed.code });
      if (!pending) throw new StoryletError('mtg/game-over', 'the game is over: there is no decision to make');
      if (!Number.isInteger(index) || index < 0 || index >= pending.options.length) {
        throw new StoryletError(
          'mtg/bad-choice',
          `choice ${JSON.stringify(index)} is not one of the ${pending.options.length} options (0–${pending.options.length - 1})`,
          {
            index,
            options: pending.options.length,
          },
        );
      }
      // The state at a priority decision, before the answer changes it, is where a snapshot or
      // a fork at one of the decisions that follow (targets, costs) starts from.
      if (keep.checkpoints && g.priority) keep.checkpoints.saved = saveState(g, pending);
      run(index);
    },
    view: (seat: Seat) => seatView(g, seat, pending),
    explain() {
      if (!pending || pending.kind !== 'priority') return [];
      return offers(g, pending.seat, true).unavailable;
    },
    snapshot() {
      const snap: GameSnapshot = {
        format: 'storyletengine/mtg-game',
        version: 1,
        config: JSON.parse(JSON.stringify(g.config)) as GameConfig,
        choices: [...g.choices],
        stateHash: stateHash(g),
        actionCount: g.actions.length,
        cardsHash: cardsHash(g),
      };
      const state = failed ? null : stateNow(g, pending, keep);
      if (state) snap.state = { ...(JSON.parse(JSON.stringify(state)) as SavedState), choicesHash: choicesHash(g.choices, state.at) };
      return snap;
    },
    stateHash: () => stateHash(g),
    get actions() {
      return g.actions;
    },
    get events() {
      return g.events;
    },
    get choices() {
      return g.choices;
    },
    get winner() {
      return g.s.over ? g.s.over.winner : undefined;
    },
    get over() {
      return g.s.over !== null;
    },
    get unsupported() {
      return g.unsupported;
    },
    get internals() {
      return g;
    },
  };
  return game;
}

/**
 * A hash of the whole state: engine state, table piles in order, random stream position.
 *
 * @example
 * ```ts
 * stateHash(game.internals) === game.stateHash(); // true
 * ```
 */
export function stateHash(g: G): string {
  const piles = Object.keys(g.s.zones)
    .sort()
    .map((p) => [p, g.table.pile(p).cards]);
  return contentHash(JSON.stringify([g.s, piles, g.rng.state()]));
}

/**
 * The whole state now, at a priority decision or with the game over (a copy it owns); null at
 * any other decision.
 */
function saveState(g: G, pending: ChoicePoint | null): SavedState {
  return savedWith(g, pending, g.table.snapshot());
}

/** A saved state with the table as given: its snapshot (a saved state), or a clone (a fork's, never serialised). */
function savedWith<T>(g: G, pending: ChoicePoint | null, table: T): Omit<SavedState, 'table'> & { table: T } {
  const resume =
    pending && g.priority
      ? { frame: { ...g.priority.frame }, point: copyJson(pending), offers: g.priority.offers.map((o) => ({ ...o, card: o.card.id })) }
      : null;
  return {
    at: g.choices.length,
    s: copyJson(g.s),
    table,
    rng: g.rng.state(),
    // Log entries are never changed once written, so the copies share them.
    actions: g.actions.slice(),
    events: g.events.slice(),
    unsupported: [...g.unsupported],
    resume,
  };
}

/**
 * The saved state a snapshot or a fork starts from: now, at a priority decision or once the game
 * is over; else the game's latest priority checkpoint (its choices since are replayed); else
 * null (replay the whole game). A game asked for one without a checkpoint keeps them from then on.
 */
function stateNow(g: G, pending: ChoicePoint | null, keep: Keep): SavedState | null {
  if (atSavePoint(g, pending)) return saveState(g, pending);
  if (!keep.checkpoints) keep.checkpoints = { saved: null };
  return keep.checkpoints.saved;
}

/** Whether the state now is all a continuation needs: a priority decision, or the game over. */
function atSavePoint(g: G, pending: ChoicePoint | null): boolean {
  return !pending || (pending.kind === 'priority' && g.priority !== null);
}

/**
 * A game context made from a saved state, which it takes over (the caller gives it a copy); its
 * table restored (checked) from the snapshot, or, for a fork, a clone of the original's it takes over.
 */
function loadState(
  registry: CardRegistry,
  config: GameConfig,
  saved: Omit<SavedState, 'table'> & { table: TableSnapshot | Table },
  choices: readonly number[],
): { g: G; it: Gen<void> } {
  // The set-up's ability lines name a card of their own the registry must know again (a fresh process).
  if (config.setup?.abilities) setupAbilityKeys(registry, config.setup.abilities);
  const g: G = {
    registry,
    config,
    s: saved.s,
    table: undefined as never,
    rng: new Rng(saved.rng.seed, saved.rng),
    actions: saved.actions,
    events: saved.events,
    choices: choices.slice(0, saved.at),
    version: 0,
    shape: 0,
    cache: { version: -1, chars: [], derived: new Map(), derivedVersion: -1 },
    unsupported: new Set(saved.unsupported),
    asking: null,
    priority: null,
  };
  if (isTable(saved.table)) g.table = saved.table;
  else restoreTable(g, saved.table);
  const r = saved.resume;
  if (!r) return { g, it: (function* (): Gen<void> {})() };
  const offers = r.offers.map((o) => ({ ...o, card: g.s.objects[o.card]! }) as Offer);
  return { g, it: resumed(g, { frame: r.frame, point: r.point, offers }) };
}

function isTable(t: TableSnapshot | Table): t is Table {
  return typeof (t as Partial<Table>).clone === 'function';
}

function* resumed(g: G, r: Parameters<typeof resumeAtPriority>[1]): Gen<void> {
  try {
    yield* resumeAtPriority(g, r);
    for (;;) yield* playTurn(g);
  } catch (error) {
    if (error instanceof GameEnded) return;
    throw error;
  }
}

/**
 * Internal (replica/): asks a waiting priority decision again from the state now, as a restore
 * does (`resumeAtPriority`), after a shadow learned the faces the decision it waits for names.
 * Does nothing at any other decision.
 *
 * @example
 * ```ts
 * rederivePriority(shadow); // its options now include the card just revealed
 * ```
 */
export function rederivePriority(game: Game): void {
  kept.get(game.internals)?.rederive?.();
}

/** Answers the choices of `list` from `game`'s position on; false when one does not fit. */
function replayOnto(game: Game, list: readonly number[]): boolean {
  for (const c of list) {
    if (!game.pending()) return false;
    try {
      game.choose(c);
    } catch (error) {
      if (error instanceof StoryletError && error.code === 'mtg/bad-choice') return false;
      throw error;
    }
  }
  return true;
}

/** Options of {@link forkGame}. */
export type ForkOptions = {
  /**
   * Whether the fork keeps priority checkpoints (default: as the original does). A searcher's
   * throwaway copies say `false`: a checkpoint costs a copy of the state at every priority
   * decision answered, and a copy played out and dropped is never forked or snapshotted again.
   */
  checkpoints?: boolean;
};

/** The checkpoints a fork starts with: the original's latest, unless the caller wants none. */
function carried(keep: Keep, options: ForkOptions): Keep['checkpoints'] {
  if (options.checkpoints === false || !keep.checkpoints) return null;
  return { saved: keep.checkpoints.saved };
}

/**
 * An independent copy of a game that continues exactly as the original would under the same
 * choices: the same log, the same state hashes, the same random numbers. Changing one never
 * changes the other. At a priority decision (most decisions) it costs one copy of the state; at
 * another decision it starts from the game's latest priority checkpoint and replays the few
 * choices since, and a game forked there without a checkpoint is replayed from its start once
 * (and keeps checkpoints from then on).
 *
 * @example
 * ```ts
 * const trial = forkGame(game);
 * trial.choose(1); // try a line
 * game.pending(); // unchanged
 * forkGame(game, { checkpoints: false }); // a throwaway copy: no state copied at its priority decisions
 * ```
 */
export function forkGame(game: Game, options: ForkOptions = {}): Game {
  const g = game.internals;
  const keep = kept.get(g);
  if (!keep) throw new StoryletError('mtg/bad-config', 'forkGame takes a game made by createGame, restoreGame or forkGame');
  if (keep.failed) throw new StoryletError('mtg/game-failed', 'this game stopped on an engine error: it has no future to fork');
  const pending = game.pending();
  if (atSavePoint(g, pending)) {
    // The state now, copied straight into the fork: the table by its structural clone, not a
    // snapshot checked on restore (it is this game's own table, valid by construction).
    const { g: copy, it } = loadState(g.registry, g.config, savedWith(g, pending, g.table.clone()), g.choices);
    return wrap(copy, it, carried(keep, options));
  }
  const saved = stateNow(g, pending, keep);
  if (!saved) {
    const again = createGame({ ...copyJson(g.config), registry: g.registry, checkpoints: options.checkpoints !== false });
    if (!replayOnto(again, g.choices)) invariant(g, 'a fork replaying the game did not reach the same decision');
    return again;
  }
  const fresh = saved === keep.checkpoints?.saved ? copyJson(saved) : saved;
  const { g: copy, it } = loadState(g.registry, g.config, fresh, g.choices);
  const fork = wrap(copy, it, carried(keep, options));
  if (!replayOnto(fork, g.choices.slice(saved.at))) invariant(g, 'a fork replaying from its checkpoint did not reach the same decision');
  return fork;
}

/** Options of {@link restoreGame}. */
export type RestoreOptions = {
  /** Replay the choices from the start even when the snapshot holds the state (the verifier). */
  replay?: boolean;
};

function choicesHash(choices: readonly number[], at: number): string {
  return contentHash(JSON.stringify(choices.slice(0, at)));
}

/** Loads a snapshot's saved state, replays the choices made after it, and checks the hash. */
function restoreState(snapshot: GameSnapshot, registry: CardRegistry, bad: (why: string) => never): Game {
  const saved = snapshot.state!;
  const ok =
    saved !== null &&
    typeof saved === 'object' &&
    Number.isInteger(saved.at) &&
    saved.at >= 0 &&
    saved.at <= snapshot.choices.length &&
    saved.s !== null &&
    typeof saved.s === 'object' &&
    Array.isArray(saved.actions) &&
    Array.isArray(saved.events) &&
    Array.isArray(saved.unsupported) &&
    saved.rng !== null &&
    typeof saved.rng === 'object';
  if (!ok) bad('its saved state is incomplete');
  if (saved.choicesHash !== choicesHash(snapshot.choices, saved.at)) bad('its recorded choices do not lead to its saved state (edited?)');
  const config = JSON.parse(JSON.stringify(snapshot.config)) as GameConfig;
  let game: Game;
  try {
    const { g, it } = loadState(registry, config, copyJson(saved), snapshot.choices);
    if (snapshot.cardsHash !== undefined && cardsHash(g) !== snapshot.cardsHash) bad('it was made with different card scripts');
    // The saved state is a checkpoint of the restored game too (when it was taken at a decision).
    game = wrap(g, it, saved.resume ? { saved: copyJson(saved) } : null);
  } catch (error) {
    if (error instanceof StoryletError && (error.code === 'mtg/bad-snapshot' || error.code === 'mtg/invariant')) throw error;
    return bad(`its saved state does not load: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!replayOnto(game, snapshot.choices.slice(saved.at))) bad('it has more choices than the game has decisions, or one out of range');
  if (typeof snapshot.stateHash === 'string' && game.stateHash() !== snapshot.stateHash) bad('its saved state and choices reach a different state (desync)');
  return game;
}

/**
 * Resumes a game from a snapshot: from its saved state when it holds one (then replaying only the
 * choices made after it), else, or with `{ replay: true }`, by replaying every choice from the
 * config; either way it checks that the game reaches the snapshot's state hash: a snapshot from another engine version or other cards is refused with
 * `mtg/bad-snapshot` rather than resumed into a different game.
 *
 * @example
 * ```ts
 * const again = restoreGame(game.snapshot(), registry);
 * again.stateHash() === game.stateHash(); // true
 * ```
 */
export function restoreGame(snapshot: GameSnapshot, registry: CardRegistry, options: RestoreOptions = {}): Game {
  const bad = (why: string): never => {
    throw new StoryletError('mtg/bad-snapshot', `not a game snapshot this engine can resume: ${why}`, { why });
  };
  if (snapshot === null || typeof snapshot !== 'object') bad('not an object');
  if (snapshot.format !== 'storyletengine/mtg-game') bad(`format is ${JSON.stringify(snapshot.format)}`);
  if (snapshot.version !== 1) bad(`version ${JSON.stringify(snapshot.version)} (this engine writes version 1)`);
  if (!snapshot.config || typeof snapshot.config !== 'object') bad('no config');
  if (!Array.isArray(snapshot.choices) || !snapshot.choices.every((c) => Number.isInteger(c) && c >= 0)) bad('choices must be whole numbers');
  if (snapshot.state !== undefined && options.replay !== true) return restoreState(snapshot, registry, bad);
  let game: Game;
  try {
    game = createGame({ ...snapshot.config, registry });
  } catch (error) {
    if (error instanceof StoryletError && error.code.startsWith('mtg/')) throw error;
    return bad(`its decks do not load: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (snapshot.cardsHash !== undefined && cardsHash(game.internals) !== snapshot.cardsHash) bad('it was made with different card scripts');
  for (const c of snapshot.choices) {
    if (!game.pending()) bad('it has more choices than the game has decisions');
    try {
      game.choose(c);
    } catch (error) {
      if (error instanceof StoryletError && error.code === 'mtg/bad-choice') bad('a recorded choice is out of range');
      throw error;
    }
  }
  if (typeof snapshot.stateHash === 'string' && game.stateHash() !== snapshot.stateHash) bad('replaying it reaches a different state (desync)');
  return game;
}
