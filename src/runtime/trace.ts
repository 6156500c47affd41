/**
 * The trace: why each card did or did not come up (reference, "Reading the trace").
 *
 * Every deal and peek produces one {@link TraceEvent}. It keeps the deal's facts compactly (a
 * byte per card, the ranked positions, a few notes) and builds the per-card list with its reason
 * text only when someone reads `cards`: a deal over 10,000 cards allocates a handful of typed
 * arrays, not 10,000 objects and strings. Streaming goes through eventemitter3 and is skipped
 * entirely when nobody subscribes; the retained log is a bounded ring.
 */
import { EventEmitter } from 'eventemitter3';
import { describeValue, StoryletError } from '../core/errors.js';
import type { BoxRt, CardRt } from './load.js';
import { comparator, rank, tieKey } from './ranking.js';
import type { HandInstance } from './scope.js';
import { BY_CODE, CODE, VERDICT_TABLE } from '../core/verdicts.js';
import type { ReasonFacts, Verdict, VerdictNote } from '../core/verdicts.js';

export type { Verdict } from '../core/verdicts.js';

/**
 * Every verdict a trace can carry, in the order the reference lists them.
 *
 * @example
 * ```ts
 * VERDICTS.includes('claimed-elsewhere'); // true
 * ```
 */
export const VERDICTS: readonly Verdict[] = VERDICT_TABLE.map((v) => v.name);

/** One card of a trace event. */
export interface TraceCard {
  id: string;
  verdict: Verdict;
  /** For people; may be reworded between versions. Match on `verdict`. */
  reason: string;
  /** 1-based position among the ranked cards (`dealt`, `capped`, `listed`). */
  rank?: number;
  /** The card's priority, when it is a number or was worked out in this deal. */
  priority?: number;
  specificity: number;
}

/** What a note on a card records (see {@link VerdictNote}). */
export type Note = VerdictNote;

/** The facts of one deal or peek, as the deal loop left them. */
export interface DealRecord {
  inst: HandInstance;
  box: BoxRt;
  /** By position in the box: a verdict's code ({@link CODE}). */
  verdicts: Uint8Array;
  /**
   * The priorities of the cards that passed every check (ranked or claimed-elsewhere), in box
   * order; `null` when all of them were plain numbers (then the card has it).
   */
  priorities: Float64Array | null;
  /** The deal's tie-key base: with the card's id hash it gives back each tie key. */
  tieBase: number;
  /** Position in the box → note, for the cards that have one. */
  notes: Map<number, Note> | null;
  /** Slots the deal had free (a peek: the hand's capacity). */
  free: number;
  /** A deck's gate that failed, with why. */
  gates: Map<number, string> | null;
}

export interface HandConditionResult {
  ok: boolean;
  reason?: string;
}

/**
 * One deal or peek: which hand of which flow, at which turn of its box, and every card the engine
 * looked at with its verdict. An event whose hand condition failed lists no cards.
 *
 * @example
 * ```ts
 * const { trace } = flow.deal('village');
 * for (const c of trace.cards) console.log(c.id, c.verdict, c.reason);
 * ```
 */
export class TraceEvent {
  readonly kind: 'deal' | 'peek';
  readonly flow: string;
  readonly hand: string;
  readonly handKey: string;
  readonly ask: Readonly<Record<string, string>>;
  readonly box: string;
  readonly turn: number;
  readonly handCondition?: HandConditionResult;
  #record: DealRecord | null;
  #cards: TraceCard[] | undefined;

  /** @internal Built by the engine only. */
  constructor(
    kind: 'deal' | 'peek',
    flow: string,
    inst: HandInstance,
    turn: number,
    handCondition: HandConditionResult | undefined,
    record: DealRecord | null,
  ) {
    this.kind = kind;
    this.flow = flow;
    this.hand = inst.hand.id;
    this.handKey = inst.key;
    this.ask = inst.ask;
    this.box = inst.hand.box.id;
    this.turn = turn;
    if (handCondition) this.handCondition = handCondition;
    this.#record = record;
  }

  /** Every card considered, in the box's order (deck by deck), with its verdict and reason. */
  get cards(): readonly TraceCard[] {
    if (!this.#cards) this.#cards = this.#record ? materialise(this.#record, this.flow, this.turn) : [];
    return this.#cards;
  }

  /** A card's verdict in this event without building the list; `undefined` if not considered. */
  verdictOf(cardId: string): Verdict | undefined {
    const r = this.#record;
    if (!r) return undefined;
    const card = r.box.cards.find((c) => c.id === cardId);
    return card ? BY_CODE[r.verdicts[card.pos]!]?.name : undefined;
  }

  /** Whether any card has this verdict. */
  hasVerdict(verdict: Verdict): boolean {
    const r = this.#record;
    if (!r) return false;
    const code = CODE[verdict];
    return typeof code === 'number' && r.verdicts.includes(code);
  }

  /** Plain JSON, cards included. */
  toJSON(): object {
    return {
      kind: this.kind,
      flow: this.flow,
      hand: this.hand,
      handKey: this.handKey,
      ask: this.ask,
      box: this.box,
      turn: this.turn,
      ...(this.handCondition ? { handCondition: this.handCondition } : {}),
      cards: this.cards,
    };
  }
}

const ELSEWHERE = CODE['claimed-elsewhere'];

function materialise(r: DealRecord, flow: string, turn: number): TraceCard[] {
  const cards = r.box.cards;
  // The ranked cards, in box order, with what the deal ranked them by; sorted with the deal's own
  // comparator, so the top of this order is exactly what the deal took.
  const ranked: number[] = [];
  const priority: number[] = [];
  let k = 0;
  for (const card of cards) {
    const code = r.verdicts[card.pos]!;
    if (code !== ELSEWHERE && !BY_CODE[code]?.ranked) continue;
    const p = r.priorities ? r.priorities[k]! : (card.priority as number);
    k++;
    if (code === ELSEWHERE) continue;
    ranked.push(card.pos);
    priority.push(p);
  }
  const cmp = comparator({
    priority: Float64Array.from(priority),
    specificity: Float64Array.from(ranked, (pos) => cards[pos]!.specificity),
    tie: Float64Array.from(ranked, (pos) => tieKey(r.tieBase, cards[pos]!.hash)),
    idOf: (i) => cards[ranked[i]!]!.id,
    useSpecificity: r.box.specificity,
  });
  const order = rank(ranked.length, cmp);
  const rankAt = new Int32Array(cards.length).fill(-1);
  const priorityAt = new Float64Array(cards.length);
  for (let i = 0; i < order.length; i++) {
    rankAt[ranked[order[i]!]!] = i;
    priorityAt[ranked[order[i]!]!] = priority[order[i]!]!;
  }
  // One facts object for every card's reason, filled in card by card.
  let current: CardRt = cards[0]!;
  const facts: ReasonFacts = {
    rank: 0,
    free: r.free,
    hand: r.inst.key,
    flow,
    turn,
    note: undefined,
    card: current,
    gate: undefined,
    tags: () => tagReason(r.inst, current),
  };
  const out: TraceCard[] = [];
  for (const card of cards) {
    const row = BY_CODE[r.verdicts[card.pos]!];
    if (!row) continue;
    const i = rankAt[card.pos]!;
    current = card;
    facts.card = card;
    facts.rank = i + 1;
    facts.note = r.notes?.get(card.pos);
    facts.gate = r.gates?.get(card.deck.index);
    const why = row.reason(facts);
    const { id, specificity } = card;
    const verdict = row.name;
    if (i >= 0) out.push({ id, verdict, reason: why, rank: i + 1, priority: priorityAt[card.pos]!, specificity });
    else if (typeof card.priority === 'number') out.push({ id, verdict, reason: why, priority: card.priority, specificity });
    else out.push({ id, verdict, reason: why, specificity });
  }
  return out;
}

function tagReason(inst: HandInstance, card: CardRt): string {
  for (const req of card.tagReqs) {
    const bound = inst.bindings[req.group.index];
    if (bound === undefined)
      return `hand ${inst.key} does not bind group ${req.group.id}; ask for it (the card wants ${req.group.id}: ${req.tags.join(' or ')})`;
    if (!req.tags.includes(bound)) return `hand ${inst.key} has ${req.group.id}=${bound}; the card wants ${req.group.id}: ${req.tags.join(' or ')}`;
  }
  return 'tags do not match';
}

/** Which events a subscriber or a log query wants; every field given must match. */
export interface TraceFilter {
  kind?: 'deal' | 'peek';
  flow?: string;
  /** A hand id (any of its instances). */
  hand?: string;
  box?: string;
  /** Events that considered this card (with `verdict`: gave it that verdict). */
  card?: string;
  /** Events where some card (or `card`, if given) got this verdict. */
  verdict?: Verdict;
}

export type TraceListener = (event: TraceEvent) => void;

const FILTER_KEYS = new Set(['kind', 'flow', 'hand', 'box', 'card', 'verdict']);

/**
 * Compiles a filter once; throws `trace/bad-filter` for a key or verdict it does not know.
 *
 * @example
 * ```ts
 * const wants = compileFilter({ flow: 'alice', verdict: 'dealt' });
 * wants(event); // true when alice's event dealt something
 * ```
 */
export function compileFilter(filter: TraceFilter | undefined): (e: TraceEvent) => boolean {
  if (filter === undefined) return () => true;
  if (typeof filter !== 'object' || filter === null)
    throw new StoryletError('trace/bad-filter', 'a trace filter is an object such as { flow: "alice", verdict: "dealt" }', { filter });
  for (const k of Object.keys(filter)) {
    if (!FILTER_KEYS.has(k))
      throw new StoryletError('trace/bad-filter', `unknown trace filter key ${describeValue(k)}; known: ${[...FILTER_KEYS].join(', ')}`, {
        id: k,
        known: [...FILTER_KEYS],
      });
  }
  if (filter.verdict !== undefined && !VERDICTS.includes(filter.verdict)) {
    throw new StoryletError('trace/bad-filter', `unknown verdict ${describeValue(filter.verdict)}; known: ${VERDICTS.join(', ')}`, {
      id: filter.verdict,
      known: VERDICTS,
    });
  }
  const { kind, flow, hand, box, card, verdict } = filter;
  return (e) =>
    (kind === undefined || e.kind === kind) &&
    (flow === undefined || e.flow === flow) &&
    (hand === undefined || e.hand === hand) &&
    (box === undefined || e.box === box) &&
    (card === undefined
      ? verdict === undefined || e.hasVerdict(verdict)
      : verdict === undefined
        ? e.verdictOf(card) !== undefined
        : e.verdictOf(card) === verdict);
}

/**
 * The engine's trace outlet: a bounded ring of the latest events and an emitter for live
 * listeners. Publishing costs a ring write, plus an emit only when someone listens.
 *
 * @example
 * ```ts
 * const hub = new TraceHub(1000);
 * const stop = hub.subscribe((e) => console.log(e.handKey), { kind: 'deal' });
 * hub.publish(event);
 * ```
 */
export class TraceHub {
  private readonly emitter = new EventEmitter();
  private readonly ring: (TraceEvent | undefined)[];
  private next = 0;
  private size = 0;
  private listeners = 0;

  constructor(readonly limit: number) {
    this.ring = new Array<TraceEvent | undefined>(limit).fill(undefined);
  }

  publish(event: TraceEvent): void {
    if (this.limit > 0) {
      this.ring[this.next] = event;
      this.next = (this.next + 1) % this.limit;
      if (this.size < this.limit) this.size++;
    }
    if (this.listeners > 0) this.emitter.emit('trace', event);
  }

  subscribe(listener: TraceListener, filter?: TraceFilter): () => void {
    if (typeof listener !== 'function') throw new StoryletError('trace/bad-listener', 'subscribeTrace needs a function to call with each event', {});
    const wants = compileFilter(filter);
    const wrapped = (e: TraceEvent): void => {
      if (!wants(e)) return;
      try {
        listener(e);
      } catch (err) {
        // The deal is already done and committed: a listener's bug must not look like the deal
        // failing, nor stop the other listeners. Report it on its own, like an uncaught error.
        queueMicrotask(() => {
          throw err;
        });
      }
    };
    this.emitter.on('trace', wrapped);
    this.listeners++;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.emitter.off('trace', wrapped);
      this.listeners--;
    };
  }

  log(filter?: TraceFilter): TraceEvent[] {
    const wants = compileFilter(filter);
    const out: TraceEvent[] = [];
    const start = (this.next - this.size + this.limit) % Math.max(1, this.limit);
    for (let i = 0; i < this.size; i++) {
      const e = this.ring[(start + i) % this.limit]!;
      if (wants(e)) out.push(e);
    }
    return out;
  }
}
