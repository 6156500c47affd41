/**
 * The published bundle: everything the runtime needs, as plain JSON, checked and resolved.
 *
 * `publish` writes it; `createEngine` reads it without the parser or the checker.
 *
 * **Architecture invariant:** collections whose order matters are arrays, never objects keyed by
 * id, because a JSON object's key order changes for integer-like keys ("10" before "a").
 */
import type { Effect, Expr, Type } from '../lang/ast.js';

export const BUNDLE_FORMAT = 'storyletengine/bundle';
/** Bumped whenever a bundle written by this version could not be read by an older runtime. */
export const BUNDLE_VERSION = 1;

/** A value held in a scope. Stages and tags are held as their names. */
export type Value = number | boolean | string;

/** Where a piece of content was written: for messages that point authors at their source. */
export interface SourceAt {
  file: string;
  /** 1-based. */
  line: number;
  /** 1-based. */
  col: number;
}

/** An expression as the runtime receives it: the checked tree plus its text for traces. */
export interface CheckedExpr {
  source: string;
  ast: Expr;
  at?: SourceAt;
}

/** A named, typed value with its starting value: a world name, a tag or hand property. */
export interface PropertyDecl {
  name: string;
  type: Type;
  initial: Value;
}

export interface QualityDecl {
  id: string;
  /** Lowest first: a stage compares by its index here. */
  stages: string[];
}

export interface TagDecl {
  id: string;
  /**
   * Every property a hand bound to this tag sees: the group's properties with this tag's own
   * starting values applied, then the properties only this tag declares. Group order first.
   */
  properties: PropertyDecl[];
}

export interface TagGroupDecl {
  id: string;
  tags: TagDecl[];
}

export interface HandDecl {
  id: string;
  box: string;
  /** The template it was made from, if any (for tools; the runtime uses the fields below). */
  template?: string;
  /** Groups the hand (or its template) pins: group → tag. */
  tags: Record<string, string>;
  /** Groups left open, to be asked for at deal/peek time, in declaration order. */
  choose: string[];
  /** The hand's own properties (template's, then the hand's), per hand instance at run time. */
  properties: PropertyDecl[];
  condition?: CheckedExpr;
  slots: number;
}

/** How long a played card stays out: `always` (no cooldown), `never` (one-shot) or N box turns. */
export type Redraw = 'always' | 'never' | number;

export interface CardDecl {
  id: string;
  box: string;
  deck: string;
  /** group → the tags it may be dealt into (any of them). A group not listed matches any hand. */
  tags: Record<string, string[]>;
  condition?: CheckedExpr;
  /** A number, or an expression worked out per deal. */
  priority: number | CheckedExpr;
  /**
   * How much the card asks for, computed at publish (see docs/deal-mechanics.md): one per tag
   * group it constrains plus the tests in its condition.
   */
  specificity: number;
  copies: number;
  /** Effective: the card's own `shared`, else its deck's. */
  shared: boolean;
  /** How many may be out across all flows; only meaningful when shared. */
  sharedCopies: number;
  redraw: Redraw;
  effects: { source: string; statements: Effect[]; at?: SourceAt }[];
  /** Author's display fields, passed through untouched. */
  title?: string;
  text?: string;
  data?: Record<string, unknown>;
  at?: SourceAt;
}

export interface DeckDecl {
  id: string;
  gate?: CheckedExpr;
  shared: boolean;
  /** Ids of its cards, in content order. */
  cards: string[];
}

export interface BoxDecl {
  id: string;
  /** When false, priority decides outright and ties go straight to chance. */
  specificity: boolean;
  decks: DeckDecl[];
  /** Ids of the hands declared in this box. */
  hands: string[];
}

export interface Bundle {
  format: typeof BUNDLE_FORMAT;
  version: number;
  /** A hash of the bundle's content (everything but this field), hex. */
  hash: string;
  settings: { playAdvances: number };
  qualities: QualityDecl[];
  world: PropertyDecl[];
  tagGroups: TagGroupDecl[];
  boxes: BoxDecl[];
  hands: HandDecl[];
  /** Every card, in content order; ids are unique across the bundle. */
  cards: CardDecl[];
}
