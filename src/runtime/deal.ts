/**
 * Deal and peek: which cards of a box come up for one hand instance, and why the others do not
 * (reference, "How a deal is decided").
 *
 * The stock is never stored: every call works it out from the flow's state. The hand's own
 * condition is checked first, once (deal only); then each card of the box meets the checks in the
 * reference's order and stops at the first it fails: deck gate → cooldown (or `taken`) → tags →
 * condition → claims in this flow. The survivors get their priority worked out, are ranked, and
 * the world's shared copies are settled for all of them in one {@link ClaimStore.settle} call.
 *
 * This is the hot path, and it looks at as few cards as the checks allow: which cards' tags match
 * a hand instance is fixed by the content, so each instance keeps the list (its
 * {@link DealIndex}, built on its first deal). A deal marks every card `tags` in one fill, then
 * gives the first two steps' verdicts to the only cards they can hit (a failed gate's deck, the
 * box's shared one-shots, the cards this flow has cooldowns for), and runs steps 4 and 5 on the
 * matching cards only. The verdicts, in the same order of checks, are the same as checking every
 * card in turn (test/runtime/fast-path.property.test.ts). It allocates a byte per card and a few
 * arrays per deal, nothing per card.
 */
import type { Value } from '../content/bundle.js';
import { NotEvaluable, namesRead } from './compile.js';
import type { EvalContext } from './compile.js';
import { onCooldown } from './clocks.js';
import type { CardRt } from './load.js';
import { comparator, rank, selectTop, tieBase, tieKey } from './ranking.js';
import { assemble } from './scope.js';
import type { DealIndex, HandInstance } from './scope.js';
import type { FlowState, Runtime } from './state.js';
import { TraceEvent } from './trace.js';
import { CODE } from '../core/verdicts.js';
import type { DealRecord, HandConditionResult, Note } from './trace.js';
import type { AsyncClaimStore, AsyncSettleRequest, SettleCandidate, SettleResult, AsyncSettleResult } from './claims.js';

export interface Decision {
  /** The cards the deal put into the hand (a peek: the cards it lists), best first. */
  picked: CardRt[];
  event: TraceEvent;
}

/**
 * A deal or peek worked out as far as this flow's own state goes: every check, the ranking, and
 * the question for the claim store, if there is one. {@link conclude} finishes it with the
 * store's answer. Split so that an asynchronous store can answer in between (docs/scaling.md).
 */
export interface Examined {
  kind: 'deal' | 'peek';
  flow: FlowState;
  inst: HandInstance;
  turn: number;
  handCondition: HandConditionResult | undefined;
  verdicts: Uint8Array;
  notes: Map<number, Note> | null;
  gates: Map<number, string> | null;
  /** Box positions of the cards that passed every check, in box order. */
  survivors: Int32Array;
  /** Their priorities, when some were worked out this deal. */
  priorities: Float64Array | null;
  tieBase: number;
  free: number;
  /** Survivor indices best first, when some survivor is shared (the store's candidates follow it). */
  order: Int32Array | null;
  /** The question for the store; `null` when the deal needs none. */
  request: AsyncSettleRequest | null;
  /** Without a shared survivor the top of the stock is picked here already. */
  picked: CardRt[] | null;
  /** Box positions of the shared one-shots the store must say are taken or not (async only). */
  oneShots: number[] | null;
}

/**
 * Works out a deal (claiming what it deals) or a peek (changing nothing) and publishes its trace.
 *
 * @example
 * ```ts
 * const { picked, event } = decide(rt, flowState, inst, 'deal');
 * ```
 */
export function decide(rt: Runtime, flow: FlowState, inst: HandInstance, kind: 'deal' | 'peek'): Decision {
  const x = examine(rt, flow, inst, kind, null);
  if ('event' in x) return x;
  return conclude(rt, x, x.request ? rt.store.settle(x.request) : null);
}

/**
 * {@link decide} through an asynchronous claim store. This flow's state is touched only after the
 * store has answered: a store that fails leaves the flow as it was and publishes no trace.
 *
 * @example
 * ```ts
 * const { picked } = await decideAsync(rt, (r) => store.settle(r), taken, flowState, inst, 'deal');
 * ```
 */
export async function decideAsync(
  rt: Runtime,
  settle: AsyncClaimStore['settle'],
  knownTaken: Set<string>,
  flow: FlowState,
  inst: HandInstance,
  kind: 'deal' | 'peek',
): Promise<Decision> {
  const x = examine(rt, flow, inst, kind, knownTaken);
  if ('event' in x) return x;
  const settled = x.request ? await settle(x.request) : null;
  if (settled !== null && 'taken' in settled) settled.taken.forEach((t, k) => t && knownTaken.add(x.request!.oneShots[k]!));
  return conclude(rt, x, settled);
}

/**
 * Everything up to the world's answer. With `knownTaken` (an async store) the shared one-shots
 * are not asked about one by one: those not known to be taken are listed in the request, and
 * nothing returned refers to the engine's scratch buffers, so another deal may run while the store
 * answers. A card once taken stays taken, so what is known needs no asking again.
 *
 * @example
 * ```ts
 * const x = examine(rt, flowState, inst, 'peek', false);
 * ```
 */
export function examine(rt: Runtime, flow: FlowState, inst: HandInstance, kind: 'deal' | 'peek', knownTaken: ReadonlySet<string> | null): Examined | Decision {
  const box = inst.hand.box;
  const turn = flow.clocks[box.index]!;
  const held = flow.hands.get(inst.key);
  const ctx: EvalContext = {
    world: flow.world,
    hand: assemble(rt.program, inst, { tags: flow.tags, props: held?.props }),
    label: inst.key,
  };

  let handCondition: HandConditionResult | undefined;
  if (kind === 'deal' && inst.hand.condition) {
    handCondition = checkHandCondition(inst, ctx);
    if (!handCondition.ok) {
      // Reference: if the hand's condition fails, no card is looked at; the trace lists none.
      const event = new TraceEvent(kind, flow.id, inst, turn, handCondition, null);
      rt.hub.publish(event);
      return { picked: [], event };
    }
  }

  const scan = beforeTags(rt, flow, inst, ctx, turn, knownTaken);
  const { verdicts, gated } = scan;
  const cards = box.cards;
  const { pos: survivors, priority: priorities, tie, specificity } = rt.scratch;
  let count = 0;
  let anyShared = false;
  let anyWorkedOut = false;

  // Steps 3 to 5, for the cards whose tags match the hand (the others keep their verdict from
  // beforeTags: `tags`, or what an earlier step gave them).
  const { matching } = scan;
  let m = 0;
  for (const deck of box.decks) {
    const end = deck.cards.length > 0 ? deck.cards[0]!.pos + deck.cards.length : 0;
    if (gated !== null && gated[deck.index] === 1) {
      while (m < matching.length && matching[m]! < end) m++;
      continue;
    }
    for (; m < matching.length && matching[m]! < end; m++) {
      const pos = matching[m]!;
      const before = verdicts[pos]!;
      if (before === TAKEN || before === COOLDOWN) continue;
      const card = cards[pos]!;
      const verdict = afterTags(card, scan, m);
      if (verdict !== 0) {
        verdicts[pos] = verdict;
        continue;
      }
      if (typeof card.priority !== 'number') anyWorkedOut = true;
      if (card.shared) anyShared = true;
      survivors[count] = pos;
      priorities[count] = scan.priority;
      count++;
    }
  }

  const capacity = inst.hand.capacity;
  const free = kind === 'deal' ? Math.max(0, capacity - (held?.held.length ?? 0)) : capacity;
  const base = count > 1 ? tieBase(rt.seed, flow.id, inst.key, turn) : 0;
  for (let i = 0; i < count; i++) {
    const card = cards[survivors[i]!]!;
    tie[i] = tieKey(base, card.hash);
    specificity[i] = card.specificity;
    verdicts[card.pos] = CAPPED;
  }
  const cmp = comparator({ priority: priorities, specificity, tie, idOf: (i) => cards[survivors[i]!]!.id, useSpecificity: box.specificity });

  let order: Int32Array | null = null;
  let picked: CardRt[] | null = null;
  const candidates: SettleCandidate[] = [];
  if (anyShared) {
    // Shared cards among the survivors: the store settles them all, in rank order, in one call.
    order = rank(count, cmp);
    for (let i = 0; i < count; i++) {
      const card = cards[survivors[order[i]!]!]!;
      candidates.push({ card: card.id, limit: card.shared ? card.sharedCopies : null });
    }
  } else {
    // Only the top of the stock is needed now; the trace ranks the rest if someone reads it.
    picked = [];
    for (const i of selectTop(count, free, cmp)) picked.push(cards[survivors[i]!]!);
  }
  const { oneShots } = scan;
  const request: AsyncSettleRequest | null =
    anyShared || oneShots !== null
      ? { holder: { flow: flow.id, hand: inst.key }, candidates, fill: free, commit: kind === 'deal', oneShots: oneShots?.map((pos) => cards[pos]!.id) ?? NONE }
      : null;
  return {
    kind,
    flow,
    inst,
    turn,
    handCondition,
    verdicts,
    notes: scan.notes,
    gates: scan.gates,
    // A copy only when the store answers later: the scratch buffers belong to the next deal then.
    survivors: knownTaken !== null ? survivors.slice(0, count) : survivors.subarray(0, count),
    priorities: anyWorkedOut ? priorities.slice(0, count) : null,
    tieBase: base,
    free,
    order,
    request,
    picked,
    oneShots,
  };
}

const TAGS = CODE.tags;
const DECK_GATE = CODE['deck-gate'];
const TAKEN = CODE.taken;
const COOLDOWN = CODE.cooldown;
const CONDITION = CODE.condition;
const CLAIMED = CODE.claimed;
const PRIORITY = CODE.priority;
const CAPPED = CODE.capped;

/** One deal's checks in progress: the verdicts so far, the notes, and what the checks need. */
interface Scan {
  verdicts: Uint8Array;
  notes: Map<number, Note> | null;
  gates: Map<number, string> | null;
  /** By deck index: 1 where the deck's gate failed; `null` when none did. */
  gated: Uint8Array | null;
  /** Box positions of the shared one-shots the async store must say are taken or not. */
  oneShots: number[] | null;
  ctx: EvalContext;
  inst: HandInstance;
  holders: Map<number, string[]> | null;
  /** The index's `matching`, and what is known of their conditions ({@link recall}). */
  matching: Int32Array;
  results: Uint8Array;
  /** The priority of the card {@link afterTags} last let through. */
  priority: number;
}

/**
 * The index of a hand instance, built on its first deal: which cards' tags match is fixed by the
 * content and the instance's bindings, so the deal looks at those cards only (the others are
 * `tags`, unless an earlier check already ruled them out).
 */
function indexOf(rt: Runtime, inst: HandInstance): DealIndex {
  if (inst.dealIndex !== undefined) return inst.dealIndex;
  const { program } = rt;
  const matching: number[] = [];
  const oneShots: number[] = [];
  const readersOf = new Map<number, number[]>();
  for (const card of inst.hand.box.cards) {
    if (card.oneShotShared) oneShots.push(card.pos);
    if (!tagsMatch(card, inst)) continue;
    const ast = program.bundle.cards[card.index]!.condition?.ast;
    if (ast !== undefined) {
      for (const name of namesRead(ast, program.env)) {
        const list = readersOf.get(name);
        if (list) list.push(matching.length);
        else readersOf.set(name, [matching.length]);
      }
    }
    matching.push(card.pos);
  }
  const names = [...readersOf.keys()].sort((a, b) => a - b);
  const index: DealIndex = {
    matching: Int32Array.from(matching),
    oneShots: Int32Array.from(oneShots),
    names: Int32Array.from(names),
    readers: names.map((n) => Int32Array.from(readersOf.get(n)!)),
  };
  inst.dealIndex = index;
  return index;
}

/**
 * What a flow's last deal into a hand instance found its matching cards' conditions to be, with
 * the values of the names they read then. Derived data, not state: kept beside the flow's state
 * (a restored flow is a new state, so it starts afresh) and never in a snapshot.
 */
interface Remembered {
  /** Aligned with the index's `names`. */
  values: (Value | undefined)[];
  /** By place in `matching`: KNOWN_TRUE, KNOWN_FALSE, or 0 (evaluate it). */
  results: Uint8Array;
}

const KNOWN_TRUE = 1;
const KNOWN_FALSE = 2;
const remembered = new WeakMap<FlowState, Map<HandInstance, Remembered>>();

/**
 * The condition results still good for this deal: a condition is a function of the names it
 * reads and nothing else, so only the cards reading a name whose value changed since the last
 * deal into this instance are evaluated again. Only plain true and false are kept; a condition
 * that gave anything else, or could not be evaluated, is evaluated every time.
 */
function recall(flow: FlowState, inst: HandInstance, index: DealIndex, ctx: EvalContext): Uint8Array {
  let byInst = remembered.get(flow);
  if (byInst === undefined) remembered.set(flow, (byInst = new Map()));
  const { names, readers } = index;
  const mem = byInst.get(inst);
  if (mem === undefined) {
    const values = new Array<Value | undefined>(names.length);
    for (let k = 0; k < names.length; k++) values[k] = valueOf(names[k]!, ctx);
    const results = new Uint8Array(index.matching.length);
    byInst.set(inst, { values, results });
    return results;
  }
  const { values, results } = mem;
  for (let k = 0; k < names.length; k++) {
    const now = valueOf(names[k]!, ctx);
    if (Object.is(now, values[k])) continue;
    values[k] = now;
    const rs = readers[k]!;
    for (let j = 0; j < rs.length; j++) results[rs[j]!] = 0;
  }
  return results;
}

function valueOf(name: number, ctx: EvalContext): Value | undefined {
  return name >= 0 ? ctx.world[name] : ctx.hand[-1 - name];
}

/** Step 3. Tags: each group the card lists must be bound, to one of the card's tags. */
function tagsMatch(card: CardRt, inst: HandInstance): boolean {
  for (const req of card.tagReqs) {
    const bound = inst.bindings[req.group.index];
    if (bound === undefined || !req.tags.includes(bound)) return false;
  }
  return true;
}

/**
 * Steps 1 and 2 for every card of the box, and `tags` for every card whose tags do not match:
 * deck gates fill their decks' range, then the shared one-shots (`taken`) and this flow's
 * cooldowns, the only cards those steps can rule out.
 */
function beforeTags(rt: Runtime, flow: FlowState, inst: HandInstance, ctx: EvalContext, turn: number, knownTaken: ReadonlySet<string> | null): Scan {
  const box = inst.hand.box;
  const index = indexOf(rt, inst);
  const verdicts = new Uint8Array(box.cards.length);
  if (index.matching.length < verdicts.length) verdicts.fill(TAGS);
  const scan: Scan = {
    verdicts,
    notes: null,
    gates: null,
    gated: null,
    oneShots: null,
    ctx,
    inst,
    holders: flow.holders.size > 0 ? flow.holders : null,
    matching: index.matching,
    results: recall(flow, inst, index, ctx),
    priority: 0,
  };
  // 1. Deck gates.
  for (const deck of box.decks) {
    if (!deck.gate || deck.cards.length === 0) continue;
    const failed = gateFailure(deck.gate, deck.id, deck.gateSource, ctx);
    if (failed === null) continue;
    (scan.gates ??= new Map()).set(deck.index, failed);
    (scan.gated ??= new Uint8Array(box.decks.length))[deck.index] = 1;
    const start = deck.cards[0]!.pos;
    verdicts.fill(DECK_GATE, start, start + deck.cards.length);
  }
  const { gated } = scan;
  // 2. A shared one-shot someone played is `taken`, reported at the cooldown step.
  const store = rt.store;
  for (const pos of index.oneShots) {
    const card = box.cards[pos]!;
    if (gated !== null && gated[card.deck.index] === 1) continue;
    if (knownTaken === null ? store.isTaken(card.id) : knownTaken.has(card.id)) verdicts[pos] = TAKEN;
    else if (knownTaken !== null) (scan.oneShots ??= []).push(pos);
  }
  // 2. Cooldowns: only the cards this flow played can be on one.
  if (flow.cooldowns.size > 0) {
    const all = rt.program.cards;
    for (const [cardIndex, until] of flow.cooldowns) {
      const card = all[cardIndex]!;
      if (card.box !== box || (gated !== null && gated[card.deck.index] === 1) || verdicts[card.pos] === TAKEN) continue;
      if (!onCooldown(until, turn)) continue;
      verdicts[card.pos] = COOLDOWN;
      (scan.notes ??= new Map()).set(card.pos, { until });
    }
  }
  return scan;
}

/**
 * Steps 4 and 5 and the priority for a card that passed the steps before: its verdict, or 0 when
 * it survives (its priority is then in `scan.priority`). A new check is one more branch here.
 */
function afterTags(card: CardRt, scan: Scan, at: number): number {
  const { ctx } = scan;
  // 4. Condition: false, or not evaluable, both keep the card out.
  if (card.condition !== null) {
    const known = scan.results[at];
    if (known === KNOWN_FALSE) return CONDITION;
    if (known !== KNOWN_TRUE) {
      let ok: Value;
      try {
        ok = card.condition(ctx);
      } catch (err) {
        if (!(err instanceof NotEvaluable)) throw err;
        return note(scan, card, CONDITION, { text: `condition could not be evaluated (${err.message}): ${card.conditionSource}` });
      }
      if (ok === true) scan.results[at] = KNOWN_TRUE;
      else if (ok === false) {
        scan.results[at] = KNOWN_FALSE;
        return CONDITION;
      } else return note(scan, card, CONDITION, { text: `condition gave ${JSON.stringify(ok)}, not true or false: ${card.conditionSource}` });
    }
  }
  // 5. Claims in this flow: once per hand, at most `copies` hands.
  if (scan.holders !== null) {
    const hs = scan.holders.get(card.index);
    if (hs !== undefined) {
      const own = hs.includes(scan.inst.key);
      // Sorted: the order hands were dealt in is not part of a snapshot, so not of a trace.
      if (own || hs.length >= card.copies) return note(scan, card, CLAIMED, { own, copies: card.copies, holders: hs.slice().sort() });
    }
  }
  if (typeof card.priority === 'number') {
    scan.priority = card.priority;
    return 0;
  }
  const worked = priorityOf(card, ctx);
  if (typeof worked === 'string') return note(scan, card, PRIORITY, { text: worked });
  scan.priority = worked;
  return 0;
}

function note(scan: Scan, card: CardRt, verdict: number, n: Note): number {
  (scan.notes ??= new Map()).set(card.pos, n);
  return verdict;
}

/**
 * Finishes a deal or peek with the store's answer (`null`: none was needed): verdicts, this
 * flow's claims, the trace event.
 *
 * @example
 * ```ts
 * const decision = conclude(rt, x, x.request ? store.settle(x.request) : null);
 * ```
 */
export function conclude(rt: Runtime, x: Examined, settled: SettleResult | AsyncSettleResult | null): Decision {
  const { kind, flow, inst, verdicts, survivors, order } = x;
  const cards = inst.hand.box.cards;
  let { notes, priorities } = x;
  const taken = settled && 'taken' in settled ? settled.taken : null;
  if (taken !== null && x.oneShots !== null && taken.includes(true)) {
    const gone = new Set<number>();
    x.oneShots.forEach((pos, k) => {
      if (!taken[k]) return;
      gone.add(pos);
      verdicts[pos] = TAKEN;
      notes?.delete(pos);
    });
    // The record lists the priorities of ranked cards only; a taken survivor is not one any more.
    if (priorities !== null) {
      const kept = new Float64Array(priorities.length);
      let n = 0;
      for (let i = 0; i < priorities.length; i++) if (!gone.has(survivors[i]!)) kept[n++] = priorities[i]!;
      priorities = kept.subarray(0, n);
    }
  }

  let picked = x.picked;
  if (picked === null) {
    picked = [];
    if (settled !== null && order !== null) {
      for (let i = 0; i < order.length; i++) {
        if (!settled.elsewhere[i]) continue;
        const pos = survivors[order[i]!]!;
        verdicts[pos] = CODE['claimed-elsewhere'];
        (notes ??= new Map()).set(pos, { world: cards[pos]!.sharedCopies });
      }
      for (const i of settled.picked) picked.push(cards[survivors[order[i]!]!]!);
    }
  }
  for (const card of picked) verdicts[card.pos] = kind === 'deal' ? CODE.dealt : CODE.listed;

  if (kind === 'deal' && picked.length > 0) claim(flow, inst, picked);

  // The record keeps a byte per card; priorities only when some were worked out this deal.
  const record: DealRecord = { inst, box: inst.hand.box, verdicts, priorities, tieBase: x.tieBase, notes, free: x.free, gates: x.gates };
  const event = new TraceEvent(kind, flow.id, inst, x.turn, x.handCondition, record);
  rt.hub.publish(event);
  return { picked, event };
}

const NONE: readonly string[] = Object.freeze([]);

/** Records this flow's claims: the cards go into the hand instance, in rank order. */
function claim(flow: FlowState, inst: HandInstance, cards: CardRt[]): void {
  let held = flow.hands.get(inst.key);
  if (!held) {
    held = { key: inst.key, hand: inst.hand, ask: inst.ask, props: undefined, held: [] };
    flow.hands.set(inst.key, held);
  }
  for (const card of cards) {
    held.held.push(card);
    const hs = flow.holders.get(card.index);
    if (hs) hs.push(inst.key);
    else flow.holders.set(card.index, [inst.key]);
  }
}

function checkHandCondition(inst: HandInstance, ctx: EvalContext): HandConditionResult {
  try {
    const ok = inst.hand.condition!(ctx);
    if (ok === true) return { ok: true };
    return {
      ok: false,
      reason: `hand ${inst.hand.id}'s condition is ${ok === false ? 'false' : `not true or false (${JSON.stringify(ok)})`}: ${inst.hand.conditionSource}`,
    };
  } catch (err) {
    if (!(err instanceof NotEvaluable)) throw err;
    return { ok: false, reason: `hand ${inst.hand.id}'s condition could not be evaluated (${err.message}): ${inst.hand.conditionSource}` };
  }
}

function gateFailure(gate: (ctx: EvalContext) => Value, deck: string, source: string, ctx: EvalContext): string | null {
  try {
    const ok = gate(ctx);
    if (ok === true) return null;
    return `the gate of deck ${deck} is ${ok === false ? 'false' : `not true or false (${JSON.stringify(ok)})`}: ${source}`;
  } catch (err) {
    if (!(err instanceof NotEvaluable)) throw err;
    return `the gate of deck ${deck} could not be evaluated (${err.message}): ${source}`;
  }
}

/** The card's priority, or why it could not be worked out. */
function priorityOf(card: CardRt, ctx: EvalContext): number | string {
  try {
    const v = (card.priority as (ctx: EvalContext) => Value)(ctx);
    if (typeof v === 'number' && Number.isFinite(v)) return v;
    return `priority gave ${JSON.stringify(v)}, not a number: ${card.prioritySource}`;
  } catch (err) {
    if (!(err instanceof NotEvaluable)) throw err;
    return `priority could not be worked out (${err.message}): ${card.prioritySource}`;
  }
}
