/**
 * What a loaded puzzle is: plain JSON, so a runner, a snapshot or a test can hold it as data.
 * Seat 0 is the puzzle's `p0` (Forge's `human`), seat 1 its `p1` (`ai`).
 */
import type { Seat } from '../engine/choice.js';
import type { StepName } from '../input/index.js';
import type { Assertion } from './assertion-ast.js';
import type { PuzzleDiagnostic } from './diagnostics.js';

/** The zones a puzzle sets up per player (CR 400.1; the stack is never set up by name). */
export type PuzzleZone = 'hand' | 'battlefield' | 'graveyard' | 'library' | 'exile' | 'command';
/** Every zone of {@link PuzzleZone}, in the order reports list them. */
export const PUZZLE_ZONES: readonly PuzzleZone[] = ['hand', 'battlefield', 'graveyard', 'library', 'exile', 'command'];

/** Where a thing was written: a 1-based line and column of the puzzle file. */
export type At = { line: number; column: number };

/**
 * A token written inline, as Forge's `TokenInfo` writes one:
 * `t:Servo,P:1,T:1,Cost:no cost,Color:U,Types:Artifact-Creature-Servo,Keywords:Flying,Image:c_1_1_servo`.
 */
export type InlineToken = {
  name: string;
  power: number;
  toughness: number;
  /** As written (`no cost`, `0`, `1 U`). */
  cost: string;
  /** Colour letters as written (`U`, `WU`), empty for colourless. */
  colour: string;
  /** Card types and subtypes (`Artifact`, `Creature`, `Servo`), split at `-`. */
  types: string[];
  /** Keywords, split at `-` (`Flying`, `Hexproof`). */
  keywords: string[];
  image?: string;
};

/** A planeswalker or player a card attacks, or a card it blocks. */
export type CombatLink = { id: number } | { name: string } | { player: Seat };

/** One card of a zone list, with its modifiers read. */
export type PuzzleCard = At & {
  /** The entry as written, modifiers included. */
  written: string;
  /** The registry's name for the card; absent for tokens and unknown cards. */
  card?: string;
  /** A token by script name (`T:c_a_food`, or a bare name the registry knows only as a token). */
  tokenScript?: string;
  /** A token written inline (`t:...`). */
  token?: InlineToken;
  /** `Name@L3` (DeepScry): a Class at level 3 (CR 716). */
  classLevel?: number;
  /** `Id:n`: the puzzle's own number for the card, which other entries refer to. */
  id?: number;
  /** `Set:ABC`; parsed, not acted on. */
  set?: string;
  /** `Art:n`; parsed, not acted on. */
  art?: number;
  tapped?: true;
  /** `SummonSick`: the permanent came under its controller's control this turn (CR 302.6). */
  summonSick?: true;
  /** `FaceDown`, or `FaceDown:Manifested` (CR 701.40). */
  faceDown?: 'face-down' | 'manifested';
  transformed?: true;
  flipped?: true;
  meld?: true;
  renowned?: true;
  /** `Monstrous` or `Monstrous:n` (n: the X it became monstrous with). */
  monstrous?: number | true;
  phasedOut?: true;
  isCommander?: true;
  /** `NoETBTrigs`: the card is put onto the battlefield without its enters triggers. */
  noEnterTriggers?: true;
  /** `Counters:P1P1=2,CHARGE=1`: counter kinds in upper case. */
  counters?: Record<string, number>;
  /** `Damage:n`: damage marked on it (CR 120.3). */
  damage?: number;
  /** `Attaching:n` (Forge) or `AttachedTo:n` (DeepScry): the card it enchants, equips or fortifies. */
  attachedTo?: number;
  /** `EnchantingPlayer:AI`: the player an Aura (a Curse) enchants. */
  enchantingPlayer?: Seat;
  /** `Attacking` (true: the active player's opponent is attacked), or `Attacking:n`, the planeswalker with Id n. */
  attacking?: true | { id: number } | { player: Seat };
  /** `Blocking:n` or `Blocking:Name` (DeepScry): the attacker it blocks. */
  blocking?: CombatLink;
  chosenColours?: string[];
  chosenType?: string;
  namedCard?: string;
  rememberedIds?: number[];
  imprintedIds?: number[];
  exiledWith?: number;
  /** `ExecuteScript:SVar->target`: an ability of the card resolved at set-up. */
  executeScript?: PuzzleScriptCall;
  /** `Ability:Name`: an extra ability, written in [state] as `AbilityName=...`. */
  ability?: string;
  /** Modifiers the format does not have, kept as written (a `puzzle/unknown-modifier` warning). */
  unknownModifiers?: string[];
};

/**
 * An ability to resolve at set-up (Forge's `precast` and `ExecuteScript`): the card's first spell
 * ability, its ability number n, one of its SVars, a `CustomScript:` line, or a keyword ability
 * (`KW#AwakenOnly`), with an optional target.
 */
export type PuzzleScriptCall = {
  /** What to run, as written after the card name: `DBToken`, `3`, `CustomScript:DB$ Dig | ...`, `KW#AwakenOnly`; absent for the first spell ability. */
  script?: string;
  /** `->n` (a card id), `->human` / `->ai` (a player). */
  target?: { id: number } | { player: Seat };
};

/** One spell or ability resolved at set-up, from `humanprecast=` / `p0precast=` (Forge). */
export type PuzzlePrecast = At &
  PuzzleScriptCall & {
    written: string;
    /** The registry's name of the card the spell comes from; absent when unknown. */
    card?: string;
    /** `n:...` in newer Forge: the host is the card with id n rather than a new card. */
    hostId?: number;
  };

/** What one player starts with. */
export type PuzzlePlayer = {
  /** Default 20 (CR 103.4). */
  life: number;
  landsPlayed: number;
  landsPlayedLastTurn: number;
  /** Player counters (`ENERGY=3`, `POISON=2`), kinds in upper case. */
  counters: Record<string, number>;
  /** Mana in the pool (`U U R`): symbols W U B R G C. */
  manaPool: string[];
  /** Mana in the pool that does not empty between steps (Forge's `persistentmana`). */
  persistentMana: string[];
  /** Cards per zone in the order written; the library's first card is its top. */
  zones: Record<PuzzleZone, PuzzleCard[]>;
  /** Spells resolved at set-up, in order. */
  precast: PuzzlePrecast[];
  /** Spells put onto the stack at set-up (newer Forge's `putonstack`), in order. */
  putOnStack: PuzzlePrecast[];
};

/** The [state] section: where the game starts. */
export type PuzzleState = {
  /** The turn number; default 1. */
  turn: number;
  /** The active player; default seat 0. */
  activePlayer: Seat;
  /** The step the game starts in; default `main1`. */
  activePhase: StepName;
  /** The phase as written, when one was (`COMBAT_FIRST_STRIKE_DAMAGE` is `combatDamage` here). */
  activePhaseWritten?: string;
  /** Forge's `activephaseadvance`: advance to this step after set-up, firing triggers on the way. */
  advanceTo?: StepName;
  /** Forge's `removesummoningsickness=true`: no permanent starts summoning sick. */
  removeSummoningSickness: boolean;
  players: [PuzzlePlayer, PuzzlePlayer];
  /** `AbilityName=...` lines, by lower-case name: abilities a card gets with `Ability:Name`. */
  abilities: Record<string, string>;
  /** [state] keys the format does not have, as written. */
  unknown: Record<string, string>;
};

/** Forge's goals, by what they ask (Forge's `Puzzle.addGoalEnforcement`). */
export type PuzzleGoalKind =
  | 'win' // win before the cleanup step of the last turn
  | 'survive' // do not lose until the upkeep of the turn after the last
  | 'destroy' // the specified permanents leave the battlefield (Destroy Specified Permanents/Creatures, Remove ..., Kill ...)
  | 'play' // the specified permanent enters the battlefield (Play / Put the Specified Permanent ...)
  | 'gain-control' // gain control of the specified permanents
  | 'win-before-opponent-turn'; // win before the opponent's next turn begins

/** A puzzle's goal, for seat 0, read from [metadata]. */
export type PuzzleGoal = At & {
  kind: PuzzleGoalKind;
  /** The Goal as written. */
  written: string;
  /**
   * The last turn number the puzzle may take: the starting turn plus `Turns` minus one (plus one
   * when the puzzle starts in the cleanup step, as Forge counts). Absent without `Turns`.
   */
  lastTurn?: number;
  /** Forge `Valid` expressions naming the permanents of `destroy`, `play` and `gain-control`, split at top-level commas. */
  targets?: string[];
  /** How many of the targets must enter (`play`); default 1. */
  targetCount: number;
};

/** [metadata], keys lower case. */
export type PuzzleMetadata = {
  name?: string;
  url?: string;
  goal?: string;
  turns?: number;
  difficulty?: string;
  description?: string;
  targets?: string;
  targetCount?: number;
  humanControl?: boolean;
  /** Keys the format does not have, as written. */
  unknown: Record<string, string>;
};

/** One line of a `[p0_script]` / `[p1_script]` section: a fixed-input command, unparsed. */
export type ScriptLine = At & { text: string };

/** A section the format does not have, kept as written. */
export type PuzzleSection = { name: string; line: number; lines: Array<At & { text: string }> };

/** A puzzle read from `.pzl` text. */
export type Puzzle = {
  file: string;
  /** `Name` from [metadata], else the file's name without `.pzl`. */
  name: string;
  metadata: PuzzleMetadata;
  goal?: PuzzleGoal;
  state: PuzzleState;
  /** The scripted seats' command lines, by seat; `null` for a seat without a section, which plays by the runner's default controller. */
  scripts: [ScriptLine[] | null, ScriptLine[] | null];
  /** The written [assertions], then those made from the goal. */
  assertions: Assertion[];
  /** Sections the format does not have. */
  sections: PuzzleSection[];
  diagnostics: PuzzleDiagnostic[];
};
