/**
 * The compiled form of a card script (the IR). It is plain JSON: the IR cache is this structure
 * gzipped, and the rules engine reads it without ever seeing script text again.
 *
 * Shape, top down: a {@link Card} has one {@link Face} per printed face; a face holds its
 * abilities (`A:`), triggers (`T:`), statics (`S:`), replacements (`R:`) as {@link ScriptNode}s,
 * its keywords, and its SVars. SVar references are resolved into {@link Link}s: a node's links
 * name the SVars it reaches, and the SVar entry holds the parsed node, so an ability's
 * sub-ability tree is the chain of `sub` links (see `abilityTree` in link.ts).
 */
import type { Diagnostic } from './diagnostics.js';
import type { Params } from './tokens.js';

/** How a card's faces are laid out (Forge's `AlternateMode`). */
export type Layout = 'normal' | 'split' | 'transform' | 'flip' | 'meld' | 'modal' | 'adventure';

/** What a node is, which decides the primitive prefix: `api:`, `trig:`, `stat:`, `repl:`. */
export type NodeKind = 'ability' | 'trigger' | 'static' | 'replacement';

/** An ability's record: activated, spell, static-activated or sub-ability (`DB$`). */
export type AbilityRecord = 'AB' | 'SP' | 'ST' | 'DB';

/**
 * Why a node names an SVar.
 * - `sub`: part of the node's own structure, built with it (`SubAbility$`, a trigger's `Execute$`,
 *   `ReplaceWith$`, a charm's `Choices$`). Cycles of `sub` links are errors.
 * - `grant`: an ability, trigger, static or replacement given to something later
 *   (`AddTrigger$`, an effect's `Triggers$`); cycles through grants are legal.
 * - `value`: a number the node reads (`NumDmg$ X`, `CheckSVar$ X`, `SVar$Y` in a value).
 * - `copy`: SVars carried along to another object (`SVars$`, `References$`).
 * - `inferred`: a parameter this compiler has no rule for whose whole value names an SVar.
 */
export type LinkRole = 'sub' | 'grant' | 'value' | 'copy' | 'inferred';

/** What the named SVar must hold: a node of a kind, a value, or anything. */
export type LinkTarget = NodeKind | 'value' | 'any';

/** One resolved (or unresolvable) SVar reference. */
export type Link = {
  /** The parameter or keyword argument that holds the reference, as written (`SubAbility`). */
  key: string;
  svar: string;
  role: LinkRole;
  target: LinkTarget;
  /** False when the face defines no such SVar (a `link/missing-svar` diagnostic says where). */
  resolved: boolean;
};

/** One parsed `Key$ value | ...` line: an A:/T:/S:/R: line, an SVar body, or a synthesised line. */
export type ScriptNode = {
  kind: NodeKind;
  /** Abilities only. */
  record?: AbilityRecord;
  /** The API, trigger mode, static mode or replacement event, canonically spelt; '' if absent. */
  head: string;
  /** The raw parameters as tokenised, keys as written. */
  params: Params;
  /** 1-based line of the script this node was read or synthesised from. */
  line: number;
  /** The SVar holding this node's text, for SVar bodies. */
  svar?: string;
  /** Set on nodes the compiler wrote: `keyword:Prowess`, `intrinsic:Forest`. */
  origin?: string;
  links: Link[];
};

/** The shape of an SVar's text. */
export type SVarShape = NodeKind | 'value' | 'text';

/** A value expression (`Count$Valid Creature.YouCtrl/Plus.1`, `Targeted$CardPower`, `SVar$Y`). */
export type ValueExpr = {
  /** The word before the first `$`: `Count`, `Targeted`, `SVar`, `Number`, ... */
  source: string;
  /** The text after it. */
  body: string;
  /**
   * The `count:` primitive it needs: `Valid` for `Count$Valid ...`, `Targeted$CardPower` for
   * `Targeted$CardPower`; absent for literals (`Number$3`) and SVar chains (`SVar$Y`).
   */
  count?: string;
};

/**
 * One `SVar:Name:text` line, with its parsed body when it is a node or a value. A node's text is
 * not kept beside its parameters (they hold all of it, in order; `nodeText` writes it back), which
 * keeps the IR cache small enough to load fast.
 */
export type SVarEntry = {
  name: string;
  line: number;
  /** The text after `SVar:Name:`; absent once the body is parsed into `node`. */
  text?: string;
  shape: SVarShape;
  node?: ScriptNode;
  value?: ValueExpr;
  /** Links out of a value (`SVar$Y`, `/Plus.Z`). */
  links?: Link[];
  /** Whether any link reaches this SVar (node- and value-shaped SVars only). */
  referenced?: boolean;
};

/** A keyword line (`K:Flying`, `K:Equip:2`), split into its name and arguments. */
export type Keyword = {
  /** As written, after `K:`. */
  text: string;
  /** `Flying`, `Equip`, `Enchant`, `Landwalk`; a whole sentence for text keywords. */
  name: string;
  args: string[];
  line: number;
  /** Set when a keyword module rewrote it into ordinary abilities or triggers. */
  expandedBy?: string;
  links: Link[];
};

/** A face's type line, classified (CR 205). */
export type TypeLine = { supertypes: string[]; cardTypes: string[]; subtypes: string[] };

/** The five colours, in WUBRG order. */
export type Colour = 'W' | 'U' | 'B' | 'R' | 'G';

/** One printed face. */
export type Face = {
  name: string;
  /** As written (`2 U U`); null for `no cost` or none. */
  manaCost: string | null;
  manaValue: number;
  colours: Colour[];
  typeLine: string;
  types: TypeLine;
  power?: string;
  toughness?: string;
  loyalty?: string;
  oracle: string;
  abilities: ScriptNode[];
  triggers: ScriptNode[];
  statics: ScriptNode[];
  replacements: ScriptNode[];
  keywords: Keyword[];
  svars: Record<string, SVarEntry>;
  /** Other face-level lines (`Text`, `AltName`, unknown keys), last value wins. */
  fields: Record<string, string>;
  /** Every engine symbol this face needs (primitives.ts), sorted. */
  primitives: string[];
  /**
   * Keywords this face grants (`KW$ Undying`, `AddKeyword$ Persist`) that a keyword module
   * expands, by the keyword as written: the SVars holding what the keyword means, added by the
   * linker so the engine grants them with the keyword. Absent when the face grants none.
   */
  keywordGrants?: Record<string, KeywordGrant>;
};

/**
 * What granting one expanded keyword gives an object: the names of the granting face's SVars
 * holding the expansion's triggers, abilities, statics and replacements, and the keywords it adds.
 */
export type KeywordGrant = {
  triggers: string[];
  abilities: string[];
  statics: string[];
  replacements: string[];
  keywords: string[];
};

/** One card script, compiled. */
export type Card = {
  name: string;
  /** Path relative to the folder compiled (`l/lightning_bolt.txt`). */
  file: string;
  layout: Layout;
  /** True for scripts under `tokenscripts/`. */
  token: boolean;
  faces: Face[];
  /** Card-level lines (`AlternateMode`, `MeldPair`, `DeckHints`, `AI`, ...). */
  fields: Record<string, string>;
  /** Mana value used for reports: a split card's halves added (CR 709.4), else the front face's. */
  manaValue: number;
  /** Colours used for reports: a split card's halves joined, else the front face's. */
  colours: Colour[];
  /** The union of the faces' primitives, sorted. */
  primitives: string[];
  diagnostics: Diagnostic[];
};
