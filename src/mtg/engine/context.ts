/**
 * The engine's working context: the JSON state plus what is derived from it or lives beside it
 * (the table, the random stream, the logs, caches). Every rules module takes a `G`.
 */
import { StoryletError } from '../../core/errors.js';
import type { Rng } from '../../core/random.js';
import type { CardRegistry } from '../cards/index.js';
import type { Table } from '../../index.js';
import type { ChoicePoint, Seat, Unavailable } from './choice.js';
import type { Action, GameEvent } from './log.js';
import type { NodeRef } from './cards.js';
import type { Offer } from './cast.js';
import type { PriorityFrame } from './turn.js';
import type { Chars, GameObject, GameState, ManaColour, StackItem, Step, TriggerData } from './types.js';

/**
 * A token on a board setup (CR 111): a token script of the registry (`script`, its
 * characteristics are the script's), or its characteristics written out as Forge's puzzles write
 * an inline token (`types` lists supertypes, card types and subtypes together; `colours` is colour
 * letters, `WU`; `keywords` as Forge spells them).
 */
export type TokenSetup = {
  script?: string;
  power?: number;
  toughness?: number;
  colours?: string;
  types?: string[];
  keywords?: string[];
};

/** Permanent description for a board setup: a name, or a name with its state. */
export type PermanentSetup =
  | string
  | {
      /** The card's registry name; for a token, its name. */
      name: string;
      /** A token rather than a card, made as the Token effect makes one (no enters triggers, as for cards). */
      token?: TokenSetup;
      tapped?: boolean;
      /** Summoning sick: it came under its controller's control this turn (default false). */
      sick?: boolean;
      counters?: Record<string, number>;
      damage?: number;
      /** Attach to the permanent at this index of the same player's battlefield list. */
      attachedTo?: number;
      /** Attach to the permanent at this index of the opponent's battlefield list. */
      attachedToOpponent?: number;
      /** Attached to this player: an Aura with Enchant player or Enchant opponent, such as a Curse (CR 303.4). */
      attachedToPlayer?: Seat;
      /** Owned by the other player (it is still on this player's side). */
      ownedByOpponent?: boolean;
      /**
       * Attacking (the active player's creature; set-up in a combat step): `true` attacks the
       * opponent, `{ planeswalker: i }` the planeswalker at index i of the opponent's battlefield list.
       */
      attacking?: true | { planeswalker: number };
      /** Blocking the attacker at this index of the opponent's battlefield list (set-up from declare blockers on). */
      blocking?: number;
      /** What was chosen for it as it entered (a colour word, a creature type, a card name): its `chosen` field. */
      chosen?: { colour?: string; type?: string; name?: string };
      /** A transforming double-faced card with its back face up (CR 712.8): the card is named by either face. */
      transformed?: boolean;
      /** Designations it already has (renowned, CR 702.112b; monstrous, CR 701.37b). */
      designations?: Array<'renowned' | 'monstrous'>;
      /**
       * Face down (CR 708): a 2/2 with no name that only its controller may look at; `'manifested'`
       * put there by manifest (CR 701.34), so a creature card may be turned up for its mana cost.
       */
      faceDown?: true | 'manifested';
      /**
       * Abilities an inline token has beyond its written characteristics, by their names in
       * `BoardSetup.abilities` (a puzzle's `Ability:Name`); a card or a script token cannot.
       */
      abilities?: string[];
    };

/** One player's part of a board setup. */
export type SeatSetup = {
  life?: number;
  hand?: string[];
  /** Top first. */
  library?: string[];
  graveyard?: string[];
  exile?: string[];
  /** Cards in the command zone, owned by this player (CR 408). */
  command?: string[];
  battlefield?: PermanentSetup[];
  landsPlayed?: number;
  poison?: number;
  /** Counters on the player other than poison (`ENERGY`, `EXPERIENCE`), CR 122.1. */
  counters?: Record<string, number>;
  /**
   * Mana in the player's pool as the game starts, one letter per mana (`['R', 'R']`; `C`
   * colourless). It empties as the starting step ends, as any pool does (CR 106.4, 500.4).
   */
  manaPool?: ManaColour[];
  /**
   * Mana in the player's pool that never empties (a puzzle's `persistentmana`: "your opponent has
   * access to four colourless mana"), spent like any other and gone only once spent.
   */
  persistentMana?: ManaColour[];
};

/** A set-up permanent, by its place on its controller's battlefield list. */
export type SetupPermanent = { seat: Seat; index: number };

/** A set-up card in any zone, by its place in that seat's list for the zone. */
export type SetupCard = { seat: Seat; zone: 'battlefield' | 'hand' | 'library' | 'graveyard' | 'exile' | 'command'; index: number };

/**
 * A link between two set-up cards that an ability made before the game starts: `host` remembers
 * `card` (Faceless Butcher's exiled creature), imprints it (Isochron Scepter), or exiled it
 * (`exiledWith`: the card is in exile, put there by `host`'s "exile … until" ability, CR 610.3).
 */
export type SetupLink = { kind: 'remembers' | 'imprints' | 'exiledWith'; host: SetupCard; card: SetupCard };

/**
 * Counters on a set-up card off the battlefield (CR 122.1a: Karn, Scion of Urza's silver counters
 * on cards in exile), by kind; in a graveyard, exile or the command zone (a permanent's counters
 * are its entry's).
 */
export type SetupCounters = { card: SetupCard; counters: Record<string, number> };

/**
 * A spell or ability resolved as the game starts, before the first decision, as if `seat` had
 * cast or activated it without paying (Forge's puzzle `precast` and `ExecuteScript`): it does not
 * use the stack, and nobody gets priority during it (CR 608.2 for what it does).
 */
export type PrecastSetup = {
  seat: Seat;
  /** A new card of `seat`'s, out of the game, whose ability it is. */
  card?: string;
  /** Or a permanent of the set-up (an `ExecuteScript` on it). */
  host?: SetupPermanent;
  /**
   * Which ability: absent, the card's first spell ability (a permanent card's spell puts it onto
   * the battlefield, CR 608.3); a number, Forge's index into the card's spells and abilities (a
   * permanent card's spell is 0, its first activated ability 1); a name, the SVar holding it; a
   * keyword, the card's spell cast with that keyword (Awaken: its awaken cost paid, the preset
   * target the land to awaken), or with `only` the keyword's own part alone (Awaken's counters
   * and animation, CR 702.113a, without the spell's effect: Forge's `KW#AwakenOnly`).
   */
  ability?: number | string | { keyword: 'Awaken'; only?: boolean };
  /**
   * Its target, chosen in advance (its controller chooses any other): a permanent, a player, or a
   * card in another zone by its place there (an exiled card an `ExecuteScript` effect remembers,
   * as Suspension Field's does the creature it exiled). An Aura that can enchant a player (a
   * Curse) and has none enchants its caster's opponent.
   */
  target?: SetupPermanent | SetupCard | { player: Seat };
};

/**
 * A position to start a game from instead of shuffling and mulligans: tests and puzzles. The
 * game begins at `step` of `turn` with `active` as the active player, priority with the active
 * player; no library is shuffled and nobody draws an opening hand.
 */
export type BoardSetup = {
  turn?: number;
  active?: Seat;
  /**
   * Any step; its turn-based actions run as the step begins (CR 500–514), except that a set-up
   * combat (`attacking` / `blocking`) is already declared: declaring attackers (or blockers) is
   * not asked again. Starting in the untap step untaps without beginning a new turn.
   */
  step?: Step;
  /**
   * The step begins as the game starts rather than being under way: the turn-based actions a
   * set-up leaves out as done run too (a Saga's lore counter as main 1 begins, CR 714.3b). A
   * puzzle's `activephaseadvance` to the next step.
   */
  stepBegins?: boolean;
  players: [SeatSetup, SeatSetup];
  /** Resolved in order once the board is set up, before the first decision. */
  precast?: PrecastSetup[];
  /** What the set-up's permanents remember, imprint or have exiled, made before the game starts. */
  links?: SetupLink[];
  /** Counters on set-up cards in a graveyard, exile or the command zone. */
  cardCounters?: SetupCounters[];
  /**
   * Each set-up permanent's "as it enters" abilities that move a card (`ETBReplacement` to a
   * `ChangeZone`: Living Lore exiling an instant or sorcery card from your graveyard) run before
   * the precasts, as Forge's puzzle set-up puts its permanents onto the battlefield. Only those:
   * a puzzle writes the other results of such abilities as statuses (tapped, chosen colour,
   * counters), while the card an ability moved is only where the ability leaves it. A permanent
   * the set-up links to what it remembers is left alone (the set-up said what it did).
   */
  enterMoves?: boolean;
  /**
   * Ability lines in Forge's script syntax by name (`AB$ Mana | Cost$ T Sac<1/CARDNAME> |
   * Produced$ Any`), which set-up tokens have by naming them in `abilities`: a puzzle's
   * `AbilityName=` lines.
   */
  abilities?: Record<string, string>;
};

/** Everything a game is a function of, besides the choices: what a snapshot stores. */
export type GameConfig = {
  /** Each player's deck as card names (one entry per card). Optional with a `setup`. */
  decks?: [string[], string[]];
  seed: string;
  /** Seeds the opening library shuffle; defaults to `seed`. */
  deckSeed?: string;
  startingLife?: number;
  /** Who plays first (CR 103.1); 'random' flips the seeded coin. Default 0. */
  first?: Seat | 'random';
  setup?: BoardSetup;
  /** Cards put on top of each library after the shuffle, top first (`--p1-draw`). */
  topOfLibrary?: [string[], string[]];
  /** 'ask' gives that seat a `pay` choice before the automatic payer taps anything. */
  payment?: ['auto' | 'ask', 'auto' | 'ask'];
  /** Attach "why not" reasons to every priority choice point. */
  explain?: boolean;
  /**
   * Check the engine's zones against the table at every decision, not only at every step (the
   * fuzz runs use it; it costs time).
   */
  strict?: boolean;
};

/** Characteristics by object id: the slot of an object not computed yet is empty. */
export type CharsTable = Array<Chars | undefined>;

export type Caches = {
  /** The state version `chars` was last computed at (kept for debugging and the verifier's messages). */
  version: number;
  /**
   * Characteristics by object id (layers.ts); valid while `charsValid`. An array indexed by id
   * rather than a map: it is read on nearly every rules question, and ids are small integers.
   */
  chars: CharsTable;
  /**
   * Whether `chars` still holds the current characteristics. Cleared by `touch` (a change
   * characteristics may read) and by `touchState` when `charsVolatile` (see
   * docs/mtg/architecture.md, "Characteristics").
   */
  charsValid?: boolean;
  /**
   * Whether the computation in `chars` read something outside the characteristics' inputs (a
   * condition, a counted value, a state property like `tapped`): then any change invalidates it.
   */
  charsVolatile?: boolean;
  /** Whether it read a zone other than the battlefield and the command zone (see `touchMoved`). */
  charsReadZones?: boolean;
  /** Derived lookups (active statics by mode, trigger modes present) valid for `derivedVersion`. */
  derived: Map<string, unknown>;
  derivedVersion: number;
  /** The state version at which state-based actions last found nothing to do. */
  sbaClean?: number;
  /**
   * Whether the last check of state-based actions read state that a `touchQuiet` change can
   * alter (an Aura whose Enchant restriction reads such state: "Enchant tapped creature").
   */
  sbaVolatile?: boolean;
  /** The {@link G.shape} at which control changes were last noted (layers.ts `noteControlChanges`). */
  controlNoted?: number;
  /** The {@link G.shape} at which the city's blessing was last checked (ascend.ts). */
  blessingChecked?: number;
  /**
   * The version of the last change other than a step beginning (`touchStep`): the offers
   * found at a version at or after it were found in the same state but for the step (cast.ts).
   */
  changed?: number;
  /**
   * The last version at which the step was read by something other than the offer check's own
   * timing checks (`readsStep`). Whatever the offer check reads was computed at the version
   * it runs at (derived values) or is characteristics (invalidated by a step beginning when volatile).
   */
  stepReadAt?: number;
  /** Per seat, the last offers found that read the step only through their timing checks (cast.ts). */
  offersKept?: (KeptOffers | undefined)[];
};

/**
 * Offers kept across step beginnings: what they were found at and with (cast.ts `offers`). They
 * hold while nothing but the step changed since `at`, the timing (`sorcery`) is the same and the
 * characteristics are still valid; `print` is a digest of the counts they read, checked too.
 */
export type KeptOffers = { at: number; explain: boolean; sorcery: boolean; print: number; result: { offers: Offer[]; unavailable: Unavailable[] } };

export type G = {
  registry: CardRegistry;
  config: GameConfig;
  s: GameState;
  table: Table;
  rng: Rng;
  actions: Action[];
  events: GameEvent[];
  choices: number[];
  /** Bumped by every change of the state (`touch`, `touchState`); `derived` caches compare it. */
  version: number;
  /**
   * Bumped whenever characteristics may have changed (they are invalidated) or an object changed
   * zones: what is built from characteristics and zone membership alone (the trigger index, the
   * statics' buckets, control changes noted, the city's blessing) is kept while it stays the same.
   * On the context rather than in the caches, so it only ever grows.
   */
  shape: number;
  cache: Caches;
  /** Things met in card scripts the engine does not implement (selector properties, values). */
  unsupported: Set<string>;
  /** The choice point being asked, when the game is suspended. */
  asking: ChoicePoint | null;
  /**
   * While a priority decision waits: its round's frame and the offers behind its options, all
   * that its continuation needs besides the state (turn.ts), so a snapshot or a fork can pick
   * the game up there without replaying it. Null at every other decision.
   */
  priority: { frame: PriorityFrame; offers: Offer[] } | null;
  /**
   * Set on the copies of a replicated game only (replica/, docs/mtg/network.md): the golden's
   * recorder or a shadow's feed, told of every reveal, private look, forced decision and library
   * shuffle at the point the rules make it. Absent on an ordinary game, which it does not change.
   */
  replica?: ReplicaLink;
};

/**
 * What the rules tell a replicated copy at the points where information moves (replica/). The
 * golden records each as a sync entry for the seat that learns it; a shadow takes the same
 * entry from its feed at the same point (binding the face it names).
 */
export interface ReplicaLink {
  readonly role: 'golden' | 'shadow';
  /** Cards shown to `to` (the action log's RevealCard): called before the entry is written. */
  reveal(g: G, o: GameObject, to: readonly Seat[]): void;
  /** Cards `seat` looks at that the action log does not record (a search's library). */
  peek(g: G, objs: readonly GameObject[], seat: Seat): void;
  /** A decision of `seat` with one option, which is not asked (ask.ts). */
  forced(g: G, seat: Seat, point: ChoicePoint): void;
  /** Whether a decision of `seat` with one option is yielded anyway (a shadow, for the other seat). */
  relays(seat: Seat): boolean;
  /** Whether the answer just given to a relayed point was one the golden did not ask (not recorded). */
  takeForced(): boolean;
  /** A library was shuffled and its faces rebound (zones.ts `libraryShuffled`). */
  shuffled(g: G, ids: readonly number[]): void;
}

/**
 * A value derived from the state, computed once per state version.
 *
 * @example
 * ```ts
 * const statics = derived(g, 'statics:CantAttack', () => computeStatics(g));
 * ```
 */
export function derived<T>(g: G, key: string, compute: () => T): T {
  if (g.cache.derivedVersion !== g.version) {
    // Emptied rather than replaced: a new version comes several times a decision.
    g.cache.derived.clear();
    g.cache.derivedVersion = g.version;
  }
  if (g.cache.derived.has(key)) return g.cache.derived.get(key) as T;
  const value = compute();
  // Computing may have read characteristics (a cache, not a change), so the version is the same.
  g.cache.derived.set(key, value);
  return value;
}

/**
 * Marks the state changed in a way characteristics may read (a zone change, control, an
 * attachment, counters, a text change, a copy or face change, a continuous effect added or
 * ended, a choice made for an object): derived values and characteristics are recomputed on the
 * next read. The safe default for any change.
 *
 * @example
 * ```ts
 * o.attachedTo = target.id;
 * touch(g);
 * ```
 */
export function touch(g: G): void {
  g.cache.changed = ++g.version;
  g.cache.charsValid = false;
  g.shape++;
}

/**
 * Marks the state changed in a way no characteristic reads except through a volatile input (a
 * condition, a counted value, a selector property like `tapped`): a tap or untap, damage, life,
 * mana, the stack, combat, the step. Derived values are recomputed; characteristics only when
 * their last computation was volatile. Only for changes of that kind: anything else is `touch`.
 *
 * @example
 * ```ts
 * o.tapped = true;
 * touchState(g);
 * ```
 */
export function touchState(g: G): void {
  g.cache.changed = ++g.version;
  if (g.cache.charsVolatile) {
    g.cache.charsValid = false;
    g.shape++;
  }
}

/**
 * A {@link touchState} for a change no state-based action reads (CR 704.5): a tap or untap, mana
 * added to a pool, a stack item pushed, attackers or blockers declared. When the state-based
 * actions had found nothing to do and characteristics are still valid after it, they would find
 * nothing now either, so they are not checked again (sba.ts `stateCheck`).
 *
 * @example
 * ```ts
 * o.tapped = true;
 * touchQuiet(g);
 * ```
 */
export function touchQuiet(g: G): void {
  const clean = g.cache.sbaClean === g.version;
  touchState(g);
  if (clean && g.cache.charsValid === true && g.cache.sbaVolatile !== true) g.cache.sbaClean = g.version;
}

/**
 * Marks a step beginning (CR 500.1) and nothing else: like {@link touchState}, but the offers
 * found before it may be kept (cast.ts), since they read the step only through their timing
 * checks, which they are kept by, or else not at all (see {@link readsStep}). Only for `g.s.step`
 * changing: any other change in the same moment calls its own touch.
 *
 * @example
 * ```ts
 * g.s.step = 'draw';
 * touchStep(g);
 * ```
 */
export function touchStep(g: G): void {
  const clean = g.cache.sbaClean === g.version;
  g.version++;
  if (g.cache.charsVolatile) {
    g.cache.charsValid = false;
    g.shape++;
  }
  if (clean && g.cache.charsValid === true && g.cache.sbaVolatile !== true) g.cache.sbaClean = g.version;
}

/**
 * Records that the step was read by something other than the offer check's timing checks (a
 * selector asking whether blockers were declared): offers found while it is read are not kept
 * across a step beginning. Anything new that reads `g.s.step` on the way of an offer check calls it.
 *
 * @example
 * ```ts
 * readsStep(g);
 * return g.s.step === 'declareBlockers';
 * ```
 */
export function readsStep(g: G): void {
  g.cache.stepReadAt = g.version;
}

/**
 * Marks an object moved between zones other than the battlefield and the command zone (a draw, a
 * discard, a spell cast or put into a graveyard): no permanent's characteristics read it unless the
 * computation read such zones (a Lhurgoyf counting graveyards) or was volatile; the moved object's
 * own characteristics are read afresh (CR 400.7: it is a new object).
 *
 * @example
 * ```ts
 * touchMoved(g, drawn.id);
 * ```
 */
export function touchMoved(g: G, id: number): void {
  g.cache.changed = ++g.version;
  g.shape++;
  if (g.cache.charsVolatile || g.cache.charsReadZones) g.cache.charsValid = false;
  else g.cache.chars[id] = undefined;
}

/**
 * A fresh object id.
 *
 * @example
 * ```ts
 * const id = newId(g);
 * ```
 */
export function newId(g: G): number {
  return g.s.nextId++;
}

/**
 * The next timestamp (CR 613.7).
 *
 * @example
 * ```ts
 * o.timestamp = nextTick(g);
 * ```
 */
export function nextTick(g: G): number {
  return ++g.s.tick;
}

/**
 * A deep copy of plain JSON-like data (objects, arrays, primitives; `undefined` kept): how a
 * fork copies the state. Several times faster than `structuredClone` on the engine state, which
 * is thousands of small objects.
 *
 * @example
 * ```ts
 * const s = copyJson(g.s);
 * ```
 */
export function copyJson<T>(x: T): T {
  if (typeof x !== 'object' || x === null) return x;
  if (Array.isArray(x)) {
    const n = x.length;
    const a: unknown[] = new Array(n);
    for (let i = 0; i < n; i++) a[i] = copyJson(x[i] as unknown);
    return a as T;
  }
  const o: Record<string, unknown> = {};
  for (const k in x) o[k] = copyJson((x as Record<string, unknown>)[k]);
  return o as T;
}

/**
 * The object with `id`, or undefined.
 *
 * @example
 * ```ts
 * maybeObj(g, 999); // undefined
 * ```
 */
export function maybeObj(g: G, id: number): GameObject | undefined {
  return g.s.objects[id] ?? undefined;
}

/**
 * The other seat.
 *
 * @example
 * ```ts
 * opponent(0); // 1
 * ```
 */
export function opponent(seat: Seat): Seat {
  return seat === 0 ? 1 : 0;
}

/**
 * Throws the fatal `mtg/invariant` error with what is needed to reproduce the game: the config
 * (decks and seeds) and every choice made. Never caught and recovered from (the reference:
 * "desync is always fatal").
 * @example
 * ```ts
 * if (!pile.includes(o.id)) invariant(g, `card ${o.id} is not in ${pile}`);
 * ```
 */
export function invariant(g: G, message: string): never {
  throw new StoryletError('mtg/invariant', `engine invariant violated: ${message} (seed ${g.config.seed}, ${g.choices.length} choices)`, {
    seed: g.config.seed,
    deckSeed: g.config.deckSeed ?? g.config.seed,
    config: g.config,
    choices: [...g.choices],
  });
}

/**
 * Records that a script used something this engine does not implement.
 *
 * @example
 * ```ts
 * unsupported(g, 'select:setHML');
 * ```
 */
export function unsupported(g: G, what: string): void {
  g.unsupported.add(what);
}

/**
 * Who is asking, when a selector, a `Defined$` or a value is read: the controller ("you"), the
 * host object, the node being read (whose face holds the SVars), and, while casting or resolving,
 * the stack item with its targets, X and trigger data.
 */
export type Run = {
  g: G;
  you: Seat;
  /** The source object id (0 when there is none). */
  host: number;
  ref?: NodeRef;
  item?: StackItem;
  /** Position of `ref` in the item's chain of sub-abilities (for `Targeted`). */
  pos?: number;
  /** The item's chain of nodes, by position. */
  chain?: NodeRef[];
  trigger?: TriggerData | null;
  /** Characteristics as computed so far, while continuous effects are being applied. */
  charsOf?: (o: GameObject) => Chars;
  /** A replacement effect's event (`ReplacedCard`, `ReplacedSource`, ...). */
  replaced?: Record<string, unknown>;
};
