/**
 * What the Board's server and page say to each other: the JSON of its endpoints and of its live
 * socket. These are wire types written for the page, not the runtime's own types: the server
 * copies what the page needs into them, so the runtime can change inside without breaking a page
 * that is open.
 *
 * Shared by the server (Node) and the page (browser); it holds types and constants only, and
 * imports only the verdict table, a module with no imports of its own.
 */
import { VERDICT_TABLE } from '../../core/verdicts.js';

/** A value of the world or of `@hand`. */
export type WireValue = number | boolean | string;

/** A problem in the content, with its code frame ready to show. */
export interface WireDiagnostic {
  code: string;
  number: string;
  severity: 'error' | 'warning';
  message: string;
  /** The file as a path from where the Board was started (`examples/village/village.yaml`). */
  file: string;
  line: number;
  col: number;
  hint?: string;
  /** The compiler-style text: heading, source line and caret. */
  frame: string;
}

/** The content the Board runs, and how the last publish went. */
export interface ContentStatus {
  dir: string;
  /** Whether the last publish succeeded. */
  ok: boolean;
  /** The bundle being played: the last good one (absent when there never was one). */
  hash?: string;
  /** Every error and warning of the last publish. */
  diagnostics: WireDiagnostic[];
  /** Counts publishes, so the page can tell a reload happened. */
  revision: number;
  /** What the reload did to open flows ("flow main was kept"), for the page to say. */
  note?: string;
}

export interface WireCard {
  id: string;
  deck: string;
  title?: string;
  text?: string;
}

/** A hand instance: the hand asked for some tags, with what it holds. */
export interface WireInstance {
  ask: Record<string, string>;
  cards: WireCard[];
}

export interface WireHand {
  id: string;
  slots: number;
  template?: string;
  /** Groups the hand pins. */
  tags: Record<string, string>;
  /** Groups it leaves open, with the tags that may be asked for. */
  choose: { group: string; tags: string[] }[];
  condition?: string;
  /** The un-asked instance first, then every asked instance that holds something. */
  instances: WireInstance[];
}

export interface WireBox {
  id: string;
  turn: number;
  hands: WireHand[];
}

export interface WireWorld {
  name: string;
  type: 'number' | 'boolean' | 'string' | 'stage' | 'tag';
  value: WireValue;
  /** Stages of the ladder, or tags of the group, for a stage or tag value. */
  options?: string[];
}

export interface WireTraceCard {
  id: string;
  verdict: string;
  reason: string;
  rank?: number;
  priority?: number;
  specificity: number;
}

/** One deal or peek, as the trace reported it. */
export interface WireTrace {
  /** Counts events since the Board started, for ordering and de-duplication. */
  seq: number;
  kind: 'deal' | 'peek';
  flow: string;
  hand: string;
  handKey: string;
  ask: Record<string, string>;
  box: string;
  turn: number;
  handCondition?: { ok: boolean; reason?: string };
  cards: WireTraceCard[];
}

/** `GET /api/state?flow=F`. */
export interface BoardState {
  content: ContentStatus;
  flow: string;
  flows: string[];
  boxes: WireBox[];
  world: WireWorld[];
  /** The last deal or peek of each hand instance in this flow, oldest first. */
  traces: WireTrace[];
}

/** Every `POST /api/...` body names the flow; each action adds its own fields. */
export type ActionRequest =
  | { action: 'deal' | 'peek'; flow: string; hand: string; ask?: Record<string, string> }
  | { action: 'play'; flow: string; card: string; hand: string; ask?: Record<string, string> }
  | { action: 'advance'; flow: string; box: string; n?: number }
  | { action: 'world'; flow: string; name: string; value: WireValue };

/** What an action answers: the new state, or an error with the runtime's stable code. */
export type ActionResponse = { ok: true; state: BoardState; trace?: WireTrace } | { ok: false; error: { code: string; message: string } };

/** Messages on the live socket (`/live`), server to page. */
export type LiveMessage =
  | { type: 'trace'; event: WireTrace }
  | { type: 'content'; content: ContentStatus }
  /** Some page changed a flow: pages showing it fetch the state again. */
  | { type: 'changed'; flow: string };

/** A search audience as the table format writes it (`not-set` means nothing authored). */
export type WireAudience = 'not-set' | 'no-one' | 'owner' | 'host' | 'owner-and-host' | 'anyone';
/** An after-search as the table format writes it. */
export type WireAfter = 'not-set' | 'shuffle' | 'keep-order';

/** A pile of a table file, with what is authored on it and what it resolves to. */
export interface WirePile {
  id: string;
  name: string;
  kind: 'deck' | 'bag' | 'hand' | 'spread';
  owner: string | null;
  zone: string | null;
  count: number;
  /** As authored on the pile (`not-set` when the file says nothing). */
  search: WireAudience;
  afterSearch: WireAfter;
  /** Decks and bags only: each setting resolved on its own (pile, then zone, then kind default). */
  effective?: {
    search: { value: Exclude<WireAudience, 'not-set'>; from: 'pile' | 'zone' | 'default'; seats: string[] };
    afterSearch: { value: Exclude<WireAfter, 'not-set'>; from: 'pile' | 'default' };
  };
}

/** A zone of a table file, of any type; only area zones carry `search`. */
export interface WireZone {
  id: string;
  kind: string;
  within?: string;
  search: WireAudience;
}

/** One `*.table.yaml` file of the content folder. */
export interface WireTable {
  /** The file, relative to the content folder. */
  file: string;
  /** False when the file has errors (they are in the content diagnostics); nothing else is set. */
  ok: boolean;
  host: string;
  seats: string[];
  zones: WireZone[];
  piles: WirePile[];
}

/** What one seat's search of one pile would do, for the author's "try a search" panel. */
export interface WireTriedSearch {
  file: string;
  seat: string;
  pile: string;
  allowed: boolean;
  /** What the seat would browse, privately, top first (empty when refused). */
  browse: string[];
  /** The public log lines everyone else would see: they never name a card (empty when refused). */
  publicLines: string[];
  /** For the author only: why the table let the seat in or refused it. */
  why: string;
}

/** `POST /api/table`. */
export type TableRequest =
  | { action: 'set'; file: string; target: 'pile' | 'zone'; id: string; key: 'search' | 'afterSearch'; value: string }
  | { action: 'try'; file: string; seat: string; pile: string };

/** `GET /api/tables` and `POST /api/table` answer with every table file (and the tried search). */
export type TableResponse = { ok: true; tables: WireTable[]; tried?: WireTriedSearch } | { ok: false; error: { code: string; message: string } };

/**
 * The verdicts of the "Not listed · why" fold, in the order the fold shows them: the reference's
 * checks in the order a card meets them, then the claims, then cards that ranked but had no slot.
 * Read from the one verdict table (src/core/verdicts.ts), which imports nothing.
 */
export const NOT_LISTED: readonly string[] = VERDICT_TABLE.filter((v) => v.fold !== null)
  .sort((a, b) => a.fold - b.fold)
  .map((v) => v.name);
/** Verdicts of cards that did come up. */
export const LISTED: readonly string[] = VERDICT_TABLE.filter((v) => v.fold === null).map((v) => v.name);
