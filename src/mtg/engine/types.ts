/**
 * The game state as plain JSON: what `stateHash()` hashes and what a test or a puzzle asserts.
 * Zones themselves are the table layer's piles (see zones.ts); `zones` here mirrors them for
 * fast reads and is checked against the table at every choice point (an engine invariant).
 */
import type { Seat } from './choice.js';

/**
 * Where a game object is (CR 400.1). `void` holds tokens that ceased to exist (CR 704.5d);
 * `phased` holds phased-out permanents, which are on the battlefield but treated as though they
 * do not exist (CR 702.26b, d; phasing.ts).
 */
export type Zone = 'library' | 'hand' | 'battlefield' | 'graveyard' | 'exile' | 'stack' | 'command' | 'void' | 'phased';

/**
 * The steps of a turn (CR 500–514), named as `PASS_UNTIL` names them. The first-strike combat
 * damage step (CR 510.4) is also `combatDamage`.
 */
export type Step =
  'untap' | 'upkeep' | 'draw' | 'main1' | 'beginCombat' | 'declareAttackers' | 'declareBlockers' | 'combatDamage' | 'endCombat' | 'main2' | 'end' | 'cleanup';

/** Every step in turn order. */
export const STEPS: readonly Step[] = [
  'untap',
  'upkeep',
  'draw',
  'main1',
  'beginCombat',
  'declareAttackers',
  'declareBlockers',
  'combatDamage',
  'endCombat',
  'main2',
  'end',
  'cleanup',
];

/**
 * One mana in a pool (CR 106.4): its colour (`C` colourless) and the object that made it; `only`,
 * when the ability that made it said how it may be spent (`RestrictValid$ Card.Creature`: "spend
 * this mana only to cast a creature spell", CR 106.6), is that restriction (costs.ts `mayPayFor`);
 * `keep`, when it said "until end of turn, you don't lose this mana as steps and phases end"
 * (`PersistentMana$ True`: Grand Warlord Radha), keeps it in the pool until the cleanup step.
 */
export type ManaUnit = {
  c: ManaColour;
  src: number;
  only?: string;
  /** It stays as steps and phases end, until the turn ends ("until end of turn, you don't lose this mana"). */
  keep?: true;
  /** It never empties: a set-up's persistent mana (`SeatSetup.persistentMana`). */
  persist?: true;
  /** The key of the mana ability that made it, when that gives the spell it is spent on keywords (`AddsKeywords$`, mana-grants.ts). */
  grant?: string;
};
export type ManaColour = 'W' | 'U' | 'B' | 'R' | 'G' | 'C';

/** A reference to a card at one point of its life (CR 400.7: a moved card is a new object). */
export type CardRef0 = { id: number; inc: number };

/** A target or a remembered thing: a card object (with its incarnation) or a player. */
export type Ref = { card: number; inc: number; lki?: Lki } | { player: Seat } | { stack: number } | { number: number };

/**
 * The characteristics of an object after continuous effects (CR 613), as JSON so that
 * last-known information (CR 608.2h) can be stored in trigger data and on the stack.
 */
export type Chars = {
  name: string;
  manaCost: string | null;
  cmc: number;
  colours: string[];
  supertypes: string[];
  cardTypes: string[];
  subtypes: string[];
  power: number | null;
  toughness: number | null;
  loyalty: number | null;
  /** Keyword texts as written (`Flying`, `Protection from red`, `Landwalk:Swamp`). */
  keywords: string[];
  /** Node keys (cards.ts) of activated and spell abilities. */
  abilities: string[];
  triggers: string[];
  statics: string[];
  replacements: string[];
  controller: Seat;
};

/** Exceptions a copy effect makes to the copiable values it copies (CR 707.9b). */
export type CopyExceptions = {
  /** The colours it is instead (colour letters). */
  colours?: string[];
  /** Creature types it has in addition. */
  subtypes?: string[];
  /** The creature types it has instead of its own ("except it's a 4/4 black Zombie"). */
  creatureTypes?: string[];
  /** It has no mana cost (its mana value is 0, CR 202.3). */
  noManaCost?: boolean;
  power?: number;
  toughness?: number;
  /** Triggered abilities it has in addition (node keys): Vesuvan Doppelganger's "except it has this ability". */
  triggers?: string[];
  /** Activated abilities it has in addition (node keys). */
  abilities?: string[];
};

/** Last-known information of a card object: what it was when it was last in a zone. */
export type Lki = {
  id: number;
  inc: number;
  zone: Zone;
  owner: Seat;
  controller: Seat;
  tapped: boolean;
  token: boolean;
  counters: Record<string, number>;
  damage: number;
  attachedTo: number | null;
  chars: Chars;
  /** What it remembered, when anything (a leaves-the-battlefield ability reads it, CR 603.10a). */
  remembered?: Ref[];
  /** The object whose ability exiled it, when it was in exile so (`ExiledWithSource` as it left, CR 607.2a). */
  exiledWith?: number;
  /** The colour chosen for it as it entered, when one was (Floating Shield's, read after it is sacrificed). */
  chosenColour?: string;
};

/** A token's printed characteristics, from a `Token` effect's parameters or a token script. */
export type TokenDef = {
  name: string;
  colours: string[];
  types: { supertypes: string[]; cardTypes: string[]; subtypes: string[] };
  power: number | null;
  toughness: number | null;
  keywords: string[];
  /** Node keys of abilities, triggers, statics and replacements the token has. */
  abilities: string[];
  triggers: string[];
  statics: string[];
  replacements: string[];
  /** The card whose face holds the SVars those nodes use. */
  svarsFrom?: { card: string; face: number };
  /** A token script from the registry, when the effect names one (`TokenScript$`). */
  script?: string;
};

export type GameObject = {
  id: number;
  /** The card's id on the table (piles hold table ids). */
  tid: string;
  /** The registry name of the card (tokens: their name). */
  card: string;
  face: number;
  token: TokenDef | null;
  owner: Seat;
  /** Who controls it before control-changing effects (CR 108.4). */
  controller: Seat;
  zone: Zone;
  tapped: boolean;
  /** The tick at which its controller last began controlling it (summoning sickness, CR 302.6). */
  controlSince: number;
  /** The controller after control-changing effects when last computed (to see control change hands). */
  lastController: Seat;
  damage: number;
  /** Dealt damage by a source with deathtouch since the last state-based check (CR 704.5h). */
  deathtouched: boolean;
  counters: Record<string, number>;
  attachedTo: number | null;
  /**
   * The player an Aura with "Enchant player" / "Enchant opponent" is attached to (CR 303.4, 303.4a:
   * an Aura can enchant a player); absent otherwise, so states without one serialise as before.
   */
  attachedToPlayer?: Seat;
  timestamp: number;
  /** Bumped on every zone change: a new object, CR 400.7. */
  inc: number;
  /**
   * Copy effect (CR 707): the card whose copiable values it has, or a token's definition (`def`),
   * with what the copy effect adds (`addTypes`, Copy Artifact's "is an enchantment in addition")
   * and the exceptions it writes into the copiable values (`except`, CR 707.9b: embalm's "white
   * Zombie with no mana cost", eternalize's "black 4/4"), which a copy of the copy keeps.
   */
  copyOf: { card: string; face: number; def?: TokenDef; addTypes?: string[]; except?: CopyExceptions } | null;
  /** Numbers an ability stored on it (`StoreSVar`), read as SVars. */
  stored: Record<string, number>;
  /** Regeneration shields (CR 701.19). */
  shields: number;
  remembered: Ref[];
  imprinted: Ref[];
  chosen: { colour?: string; type?: string; player?: Seat; name?: string; number?: number; cards?: { card: number; inc: number }[] };
  /** What was paid for X when it was cast (CR 107.3). */
  xPaid: number;
  kicked: boolean;
  /** Which kickers were paid when it was cast, 1-based in the order the card writes them (CR 702.33d); absent when none. */
  kickers?: number[];
  /**
   * How many colours of mana were spent to cast it (converge, sunburst: CR 702.44), noted only for
   * a card whose script reads it; kept from the stack onto the battlefield like X.
   */
  coloursSpent?: number;
  /**
   * The colours of mana spent to cast it (`WUBRG` letters in that order), noted only for a card
   * whose script asks (`ConditionManaSpent$ R`: "if {R} was spent to cast it"); kept like X.
   */
  manaSpent?: string;
  /** The mana abilities whose mana, spent to cast it, gives it keywords as it enters (mana-grants.ts); kept like X. */
  manaGrants?: string[];
  /** How many times each ability was activated this turn, by node key. */
  activations: Record<string, number>;
  /** Seats that know which card this is (RevealCard dedup). */
  known: [boolean, boolean];
  /** Set on the turn it entered the battlefield, for `ThisTurnEntered`. */
  enteredTurn: number;
  /** Whether it was cast (not just put) to the zone it is in. */
  cast: boolean;
  /** The zone it was cast from, while it is the spell or the permanent that spell became. */
  castFrom?: Zone;
  /** The alternative cost it was cast with (`evoke`, `dash`, CR 118.9), while it is the spell or the permanent that spell became. */
  castWay?: string;
  /**
   * The turn in which it is exiled instead of being put into a graveyard from the stack (`Play |
   * ReplaceGraveyard$ Exile`: Torrential Gearhulk's "if that card would be put into your graveyard
   * this turn, exile it instead"), while it is that spell.
   */
  exileIfToGraveyard?: number;
  /** The `OneOff$ True` triggers of this object that have triggered, and trigger no more (CR 603.7c; triggers.ts). */
  spentTriggers?: string[];
  /** Damage dealt to it this turn by each source, for `DamagedBy` selectors. */
  damagedBy: number[];
  /** Untapping is skipped during its controller's next untap step. */
  skipNextUntap: boolean;
  /** The creature it is paired with by soulbond (CR 702.95b), an object id; each names the other. Absent when unpaired. */
  /**
   * The creature this exiled card haunts (CR 702.55b), as it was when haunted (id and
   * incarnation); set by the `Haunt` effect, dropped as the card changes zones.
   */
  haunting?: { card: number; inc: number };
  pairedWith?: number;
  /**
   * A bestowed Aura spell or permanent (CR 702.103b): an Aura enchantment with enchant creature
   * and no creature type, until it ceases to be bestowed (CR 702.103e–f); absent otherwise.
   */
  bestowed?: true;
  /** Face down (CR 708): a 2/2 with no name, text or colour, whose face only its controller may look at. */
  faceDown: boolean;
  /** Put onto the battlefield face down by manifest (CR 701.34): turned up for its mana cost if it is a creature card; absent otherwise. */
  manifested?: true;
  /**
   * Set on effect objects (Forge's `Effect` API): statics, triggers and replacement effects that
   * exist for a duration without a permanent, like emblems (CR 114). They live in the command
   * zone as cards of their own, so "the host" of an ability is always an object.
   */
  effect: {
    source: number;
    duration: Duration;
    /** `ForgetOnMoved$`: a remembered card leaving this zone (not for the stack) is forgotten, and the effect ends once none is left. */
    forgetOnMoved?: Zone;
    /** `ExileOnMoved$`: the effect ends when a remembered card leaves this zone. */
    exileOnMoved?: Zone;
  } | null;
  /** The object whose ability exiled this one (`ExiledWithSource`). */
  exiledWith: number | null;
  /** Designations it has on the battlefield (renowned, CR 702.112b; monstrous, CR 701.37b); absent when none. */
  designations?: ('renowned' | 'monstrous' | 'tributed')[];
  /** Text-changing effects on it (CR 612), oldest first; absent on almost every object. */
  textChanges?: TextChange[];
  /**
   * While it is phased out (CR 702.26, zone `phased`): the player it phased out under (it phases
   * in during their untap step, 702.26a) and whether it phased out indirectly, with the
   * permanent it is attached to (702.26g). Absent otherwise.
   */
  phased?: { controller: Seat; indirect: boolean };
};

/**
 * A text-changing effect on one object (CR 612), applied in layer 3 (CR 613.1c): in its rules
 * text, every `from` used as a word of its kind reads `to`.
 */
export type TextChange = {
  kind: 'color' | 'landType' | 'creatureType';
  /** Capitalised, as Forge's selectors write it: `Black`, `Swamp`, `Goblin`. */
  from: string;
  to: string;
  timestamp: number;
  /** The incarnation it applies to: a card that changes zones is a new object (CR 400.7). */
  inc: number;
  /** Made while it was a spell: it goes on applying to the permanent the spell becomes (CR 400.7a). */
  spell?: boolean;
  /** It ends at the cleanup step of this turn (CR 514.2); absent: it lasts indefinitely. */
  eotTurn?: number;
};

export type PlayerState = {
  seat: Seat;
  life: number;
  /** Poison counters (CR 122.1f), apart from the others because a state-based action reads them. */
  poison: number;
  /**
   * The player's other counters by kind in upper case (`ENERGY`, `EXPERIENCE`; CR 122.1, 107.14).
   * Absent until the player first gets one, so states saved before it still load.
   */
  counters?: Record<string, number>;
  pool: ManaUnit[];
  landsPlayed: number;
  drewFromEmpty: boolean;
  lost: boolean;
  won: boolean;
  lossReason: string | null;
  mulligans: number;
  /** Turns this player is to skip (`SkipTurn`, CR 614.10); absent when none. */
  turnsToSkip?: number;
  /** The city's blessing (CR 702.131c): for the rest of the game; absent until a player gets it. */
  blessing?: true;
  /** Per-turn tallies the `count:` values read. */
  lifeGained: number;
  lifeLost: number;
  spellsCast: number;
  /** How many spells the player cast in the turn before this one (the werewolves' conditions); absent when none. */
  spellsCastLastTurn?: number;
  cardsDrawn: number;
  /** The tick at which this player's most recent turn began (CR 302.6). */
  turnStartTick: number;
  /** Turns to skip. */
  skipTurns: number;
  /** Life lost tallies for the whole game, for statistics. */
  damageTaken: number;
};

/** A spell or ability on the stack (CR 405, 113.1). */
export type StackItem = {
  /** The spell's card object id, or a fresh id for an ability. */
  id: number;
  /**
   * Whom the attacking creature returned to pay its cost was attacking (ninjutsu, CR 702.49c:
   * the ninja attacks the same player or planeswalker); absent otherwise.
   */
  returnedAttacker?: { defender: Seat; planeswalker: number | null };
  kind: 'spell' | 'ability' | 'trigger';
  source: number;
  sourceInc: number;
  /** The source as it was when the ability was put on the stack (CR 113.7a). */
  sourceLki: Lki | null;
  controller: Seat;
  /** The node key of the spell or ability (its sub-abilities follow its links). */
  node: string;
  /** Targets by position in the ability's chain (0 = the node itself). */
  targets: Ref[][];
  /** Damage division per target when an ability divides (CR 601.2d). */
  divided: number[] | null;
  x: number;
  /** Modes chosen (node keys) for a modal spell (CR 700.2). */
  modes: string[] | null;
  trigger: TriggerData | null;
  /** A triggered ability's trigger node (for `OptionalDecider$`, asked on resolution, CR 603.5). */
  triggerNode: string | null;
  /** What was paid: sacrificed and discarded objects, for `Sacrificed$` values. */
  paid: { sacrificed: Lki[]; discarded: Lki[]; exiled: Lki[]; tapped: Lki[]; life: number };
  /** Whether the spell is a copy (CR 707.10): it ceases to exist rather than moving. */
  copy: boolean;
  /** Optional costs paid (kicker). */
  kicked: boolean;
  /** Which kickers were paid, 1-based in the order the card writes them (CR 702.33d); absent when none. */
  kickers?: number[];
  /** Buyback was paid (CR 702.27a): a resolving instant or sorcery returns to its owner's hand. */
  buyback?: true;
  /** How many times its replicate cost was paid (CR 702.56a), read by its replicate trigger; absent when none. */
  replicated?: number;
  /** Its conspire cost was paid (CR 702.78a), read by its conspire trigger. */
  conspired?: true;
  /** The alternative cost paid for the spell (`evoke`, `dash`, CR 118.9a), or `free` for one cast without paying its mana cost. */
  way?: string;
  /**
   * A fused split spell (CR 702.102a): its chain is the left half's, then the right half's
   * (`itemChain`, fuse.ts); absent otherwise.
   */
  fused?: true;
  /**
   * The spell abilities (node keys) of the cards spliced onto the spell (CR 702.47a, splice.ts),
   * in the order chosen: its chain runs them after its own (`itemChain`); absent when none.
   */
  spliced?: string[];
  /** Named SVars set by StoreSVar or remembered values during resolution. */
  remembered: Ref[];
  /** The delayed trigger or effect that created this item, when it carries remembered objects. */
  effect: number | null;
  /** Text for logs and views. */
  text: string;
};

/** What a trigger saw (CR 603.2): the event's objects, read by `Triggered*` definitions. */
export type TriggerData = {
  mode: string;
  card?: Lki;
  /** For a zone change to a public zone: the new object the card became there (CR 400.7e). */
  moved?: { card: number; inc: number };
  player?: Seat;
  source?: Lki;
  target?: Ref;
  amount?: number;
  attacker?: Lki;
  blocker?: Lki;
  defender?: Seat;
  /** `AttackersDeclared`: the players some creature attacks (not a planeswalker of theirs), for `AttackedTarget$`. */
  attackedPlayers?: Seat[];
  origin?: Zone;
  destination?: Zone;
  spell?: number;
  combat?: boolean;
  cause?: Ref | null;
  /** Every source of a damage event dealt at once (`DamageDoneOnce`: combat damage, CR 510.2). */
  sources?: Lki[];
  /** `BecomesTarget`: what targeted it, a spell or an ability (`SourceType$`). */
  sourceType?: 'spell' | 'ability';
  /** `BecomesTarget`: the first time this turn the object became a target (`FirstTime$`). */
  firstTime?: boolean;
  /** `CounterAdded`: the kind of counter put, and how many of that kind it has with this one (counters are put one at a time). */
  counter?: string;
  count?: number;
  /** `Sacrificed`: the sacrificing effect's `SacrificeParam$` (Heart-Piercer Manticore's "when you do"). */
  causeParam?: string;
  /** `ChangesZoneAll`: every card one zone change moved together, with where from and to (narrowed to those that match the trigger). */
  cards?: { card: Lki; origin: Zone; destination: Zone }[];
  /** `ChangesZone`: which zone change it was part of (one `changeZone`), for `OncePerEffect$`. */
  batch?: number;
  /** `TapsForMana`: the mana the ability made (`ReflectProperty$ Produced`). */
  produced?: ManaColour[];
};

/** A triggered ability waiting to be put on the stack (CR 603.3). */
export type PendingTrigger = {
  source: number;
  sourceLki: Lki | null;
  controller: Seat;
  /** The trigger node's key. */
  trigger: string;
  data: TriggerData;
  /** A delayed trigger's id, or an effect's id, whose remembered objects it reads. */
  effect: number | null;
  /** A delayed trigger's remembered objects (`DelayTriggerRemembered`). */
  remembered?: Ref[];
};

/** How long a continuous effect from a resolved ability lasts (CR 611.2). */
export type Duration =
  | { until: 'eot' }
  | { until: 'eoc' }
  | { until: 'forever' }
  | { until: 'next-turn'; seat: Seat; turn: number }
  /** "Until your next upkeep" (Erhnam Djinn): ends as that seat's next upkeep step begins. */
  | { until: 'next-upkeep'; seat: Seat; turn: number }
  | { until: 'host-leaves'; host: number; inc: number }
  | { until: 'host-untaps'; host: number; inc: number };

/** What a continuous effect changes, by layer (CR 613). */
export type Mods = {
  control?: Seat;
  addTypes?: string[];
  removeTypes?: string[];
  removeCreatureTypes?: boolean;
  /** Its land types go (CR 305.7: Blood Moon's "nonbasic lands are Mountains"). */
  removeLandTypes?: boolean;
  /**
   * It loses the abilities of its rules text (CR 305.7, a land whose subtype an effect sets to a
   * basic land type), and gains each added basic land type's intrinsic mana ability (305.6). Layer 4.
   */
  removeIntrinsic?: boolean;
  setColours?: string[];
  addColours?: string[];
  addKeywords?: string[];
  removeKeywords?: string[];
  removeAllAbilities?: boolean;
  /** Its own spell abilities (`SP$`) go, the ones of `addAbilities` standing instead (`OverwriteSpells$`). */
  overwriteSpells?: boolean;
  addAbilities?: string[];
  addTriggers?: string[];
  addStatics?: string[];
  addReplacements?: string[];
  setPower?: number;
  setToughness?: number;
  addPower?: number;
  addToughness?: number;
  switchPT?: boolean;
};

/** A continuous effect from a resolved spell or ability (CR 611.2): its objects are locked in. */
export type ContinuousEffect = {
  id: number;
  timestamp: number;
  source: number;
  controller: Seat;
  affected: Ref[];
  mods: Mods;
  duration: Duration;
};

/** A delayed triggered ability (CR 603.7). */
export type DelayedTrigger = {
  id: number;
  source: number;
  controller: Seat;
  trigger: string;
  remembered: Ref[];
  /** Fires once, then is gone (CR 603.7c). */
  once: boolean;
  duration: Duration;
};

export type CombatState = {
  attackers: { id: number; defender: Seat; planeswalker: number | null }[];
  blocks: { blocker: number; attacker: number }[];
  /** Attackers that became blocked (CR 509.1h): they stay blocked if the blockers leave. */
  blocked: number[];
  /** Per attacker, its blockers in damage order (CR 510.1c). */
  order: Record<string, number[]>;
  /** Whether a first-strike damage step happened, and who dealt damage in it (CR 510.4). */
  firstStrike: boolean;
  dealtFirst: number[];
  /** Attacking bands (CR 702.22c), each a list of attacker ids; absent when none was formed (banding.ts). */
  bands?: number[][];
};

export type GameState = {
  turn: number;
  active: Seat;
  step: Step;
  priority: Seat | null;
  first: Seat;
  /** A monotonic counter: timestamps (CR 613.7) and "since" ticks. */
  tick: number;
  nextId: number;
  /** Token slots taken from the table's reserve piles so far. */
  tokenSlots: number;
  players: [PlayerState, PlayerState];
  /** Objects by id; index 0 is unused. */
  objects: (GameObject | null)[];
  /** Mirror of the table piles: object ids, top first. */
  zones: Record<string, number[]>;
  stack: StackItem[];
  pending: PendingTrigger[];
  effects: ContinuousEffect[];
  delayed: DelayedTrigger[];
  combat: CombatState | null;
  extraTurns: Seat[];
  /**
   * The steps of this turn still to come after the current one, kept only once an effect added a
   * phase or step (CR 500.8: `AddPhase`); without it the turn goes on in {@link STEPS} order.
   */
  stepQueue?: Step[];
  /** The monarch (CR 724), once a player has become it. */
  monarch?: Seat;
  /** Once-per-turn and this-turn facts. */
  turnFacts: {
    creaturesDied: number;
    attackersDeclared: number;
    landsEntered: number;
    /** Combat damage is prevented this turn (Fog). */
    fog?: boolean;
    /** Prevention shields this turn, by target (`c<id>:<inc>` or `p<seat>`), CR 615.7. */
    shields?: Record<string, number>;
    /** "Target creature blocks CARDNAME this turn if able" (`MustBlock`, CR 509.1c): blocker and attacker, each `[id, inc]`. */
    mustBlock?: Array<{ blocker: [number, number]; attacker: [number, number] }>;
    /** Cards drawn this turn (`DrawnThisTurn`). */
    drawn?: number[];
    /** Creatures that attacked, blocked, or dealt damage this turn (ids). */
    attacked?: number[];
    /** Permanents exerted this turn (ids; CR 701.43): Combat Celebrant's "if it hasn't been exerted this turn". */
    exerted?: number[];
    blocked?: number[];
    dealtDamage?: number[];
    /**
     * Cards that changed zones this turn (`Count$ThisTurnEntered`): the object, its zones (a new
     * token came from none), and its last-known information when it left the battlefield (what
     * it was there, CR 608.2h).
     */
    entered?: { id: number; inc: number; from?: Zone; to: Zone; lki?: Lki }[];
    /** The spells cast this turn as they were cast (`Count$ThisTurnCast`, storm, CR 702.40a). */
    cast?: Lki[];
    /** Damage dealt to each player this turn, by seat (`Count$TotalOppDamageThisTurn`, bloodthirst). */
    playerDamage?: [number, number];
    /** Damage each source dealt this turn, by `c<id>:<inc>` (`Count$TotalDamageDoneByThisTurn`). */
    damageBy?: Record<string, number>;
    /**
     * The creature types of the sources that dealt combat damage to a player this turn, by the
     * seat that controlled them then (prowl, CR 702.76a); `Changeling` stands for every type.
     */
    prowl?: [string[], string[]];
    /** Cards each player discarded this turn, by seat (`CardsDiscardedThisTurn`). */
    discarded?: [number, number];
    /** Objects that became the target of a spell or ability this turn (`FirstTime$`). */
    targeted?: number[];
  };
  over: { winner: Seat | null; reason: string } | null;
};
