/**
 * The public engine: {@link createGame} makes a game from two decks (or a board setup) and
 * seeds; the game runs until it needs a decision and then waits with {@link Game.pending};
 * {@link Game.choose} answers and runs it on to the next decision. A game is a pure function of
 * its config and the ordered choices, so a snapshot is exactly those (plus the state hash they
 * must reproduce), and {@link restoreGame} replays them: the reference's "snapshot point"
 * design, taken before a choice is presented.
 *
 * **API boundary:** `createGame`, `restoreGame`, the `Game` interface and the types in
 * `types.ts`, `choice.ts` and `log.ts` are what controllers, the CLI and tests use.
 */
import { StoryletError } from '../../core/errors.js';
import { contentHash } from '../../core/hash.js';
import { Rng } from '../../core/random.js';
import type { CardRegistry } from '../cards/index.js';
import type { ChoicePoint, Seat, Unavailable } from './choice.js';
import { ask, cardRef, type Gen, type Opt } from './ask.js';
import { nextTick, opponent, type BoardSetup, type G, type GameConfig } from './context.js';
import { chars } from './layers.js';
import { offers } from './cast.js';
import { GameEnded } from './sba.js';
import { playTurn } from './turn.js';
import { checkZones, createZones, moveObject, pileId, shuffleLibrary } from './zones.js';
import { seatView, type SeatView } from './view.js';
import type { Action, GameEvent } from './log.js';
import type { GameObject, GameState, PlayerState, Step } from './types.js';
import { attachPlaced, placeHosts, placeTokens, precastCards, preparePrecasts, runPrecasts, setupBoard, setupCombat, setupDecks, type Placed, type Precast } from './setup.js';
import './effects/index.js';

/** Options of {@link createGame}: the config plus the card registry to play with. */
export type CreateGameOptions = Omit<GameConfig, 'seed'> & { registry: CardRegistry; seed: string | number };

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
};

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
  if (!options.registry || typeof options.registry.get !== 'function') throw new StoryletError('mtg/bad-config', 'createGame needs a card registry (createCardRegistry)');
  if (typeof options.seed !== 'string' && typeof options.seed !== 'number') throw new StoryletError('mtg/bad-config', 'seed must be a string or a number', { seed: options.seed });
  if (!options.setup) {
    if (!Array.isArray(options.decks) || options.decks.length !== 2 || !options.decks.every((d) => Array.isArray(d))) {
      throw new StoryletError('mtg/bad-config', 'decks must be two lists of card names (or give a setup)');
    }
  }
  const life = options.startingLife ?? 20;
  if (!Number.isInteger(life) || life <= 0) throw new StoryletError('mtg/bad-config', `startingLife must be a whole number above 0; got ${JSON.stringify(life)}`);
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
      const k = yield* ask(g, seat, 'mulligan', `Keep this hand of ${g.s.zones[pileId('hand', seat)]!.length}${p.mulligans ? ` (you will put ${p.mulligans} on the bottom)` : ''}?`, [
        { label: 'keep', action: { verb: 'keep' } },
        { label: 'mulligan', action: { verb: 'mulligan' } },
      ]);
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
    cache: { version: -1, chars: new Map(), derived: new Map(), derivedVersion: -1 },
    unsupported: new Set(),
    asking: null,
  };
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
  placeTokens(g, placed);
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
    // The combat in progress is laid out before the precasts, which may read it.
    setupCombat(g, config.setup, fields);
    precasts = preparePrecasts(g, config.setup, hosts, fields);
  }
  return wrap(g, playGame(g, precasts));
}

function wrap(g: G, it: Gen<void>): Game {
  let pending: ChoicePoint | null = null;
  let failed: StoryletError | null = null;
  const run = (answer: number | undefined): void => {
    try {
      const r = answer === undefined ? it.next() : it.next(answer);
      pending = r.done ? null : r.value;
      if (pending ? g.config.strict === true : true) checkZones(g);
    } catch (error) {
      pending = null;
      if (error instanceof StoryletError && error.code === 'mtg/invariant') {
        failed = error;
        throw error;
      }
      failed = new StoryletError('mtg/engine-error', `engine error: ${error instanceof Error ? error.message : String(error)} (seed ${g.config.seed}, ${g.choices.length} choices)`, {
        seed: g.config.seed,
        config: g.config,
        choices: [...g.choices],
        cause: error instanceof Error ? (error.stack ?? error.message) : String(error),
      });
      throw failed;
    }
  };
  run(undefined);
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
        throw new StoryletError('mtg/bad-choice', `choice ${JSON.stringify(index)} is not one of the ${pending.options.length} options (0–${pending.options.length - 1})`, {
          index,
          options: pending.options.length,
        });
      }
      run(index);
    },
    view: (seat: Seat) => seatView(g, seat, pending),
    explain() {
      if (!pending || pending.kind !== 'priority') return [];
      return offers(g, pending.seat, true).unavailable;
    },
    snapshot() {
      return {
        format: 'storyletengine/mtg-game',
        version: 1,
        config: JSON.parse(JSON.stringify(g.config)) as GameConfig,
        choices: [...g.choices],
        stateHash: stateHash(g),
        actionCount: g.actions.length,
        cardsHash: cardsHash(g),
      };
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
 * Resumes a game from a snapshot by replaying its choices, and checks that the replay reaches the
 * same state hash: a snapshot from another engine version or other cards is refused with
 * `mtg/bad-snapshot` rather than resumed into a different game.
 *
 * @example
 * ```ts
 * const again = restoreGame(game.snapshot(), registry);
 * again.stateHash() === game.stateHash(); // true
 * ```
 */
export function restoreGame(snapshot: GameSnapshot, registry: CardRegistry): Game {
  const bad = (why: string): never => {
    throw new StoryletError('mtg/bad-snapshot', `not a game snapshot this engine can resume: ${why}`, { why });
  };
  if (snapshot === null || typeof snapshot !== 'object') bad('not an object');
  if (snapshot.format !== 'storyletengine/mtg-game') bad(`format is ${JSON.stringify(snapshot.format)}`);
  if (snapshot.version !== 1) bad(`version ${JSON.stringify(snapshot.version)} (this engine writes version 1)`);
  if (!snapshot.config || typeof snapshot.config !== 'object') bad('no config');
  if (!Array.isArray(snapshot.choices) || !snapshot.choices.every((c) => Number.isInteger(c) && c >= 0)) bad('choices must be whole numbers');
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

