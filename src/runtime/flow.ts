/**
 * A flow: one playthrough. Its handle is what users' code holds (**API boundary:**); every call
 * validates its arguments first and changes nothing when it refuses.
 *
 * Claims, clocks, cooldowns, the world and tag state are per flow (reference, "Copies and
 * claims": claims live on the flow); only shared cards count across flows, through the engine's
 * claim store.
 */
import { describeValue, StoryletError, unknownId } from '../core/errors.js';
import type { Value } from '../content/bundle.js';
import { NotEvaluable, describeType, valueFits } from './compile.js';
import type { EffectTarget, EvalContext } from './compile.js';
import { cooldownAfterPlay, turns } from './clocks.js';
import { decide } from './deal.js';
import type { BoxRt, CardRt, CardView } from './load.js';
import type { ClaimHolder } from './claims.js';
import { assemble, read, resolveInstance, tagValues } from './scope.js';
import type { Ask, HandInstance, HandSource } from './scope.js';
import { buildFlowSnapshot } from './snapshot.js';
import type { FlowSnapshot } from './snapshot.js';
import { newFlowState } from './state.js';
import type { FlowState, HeldHand, Runtime } from './state.js';
import type { TraceEvent } from './trace.js';

/** What `flow.deal` returns. */
export interface DealResult {
  /** Everything the hand holds after the deal: what it held before, then what was dealt. */
  cards: CardView[];
  /** Only the cards this deal put into the hand, best first. */
  dealt: CardView[];
  trace: TraceEvent;
}

/** What `flow.peek` returns: the top of the stock for the hand; nothing changes. */
export interface PeekResult {
  cards: CardView[];
  trace: TraceEvent;
}

/** Options of `flow.play`. */
export interface PlayOptions {
  /** The hand that holds the card. */
  hand: string;
  /** The tags it was asked for when dealt (its instance). */
  ask?: Ask;
  /** Turns to advance the card's box by; default the project's `settings.playAdvances`. */
  advance?: number;
}

/** What `flow.play` returns. */
export interface PlayResult {
  card: CardView;
  /** The card's box and its turn after the play's advance. */
  box: string;
  turn: number;
}

/** One name of `@hand` with where it comes from (a write goes back there). */
export interface HandScopeEntry {
  name: string;
  value: Value;
  source: { kind: 'tag'; group: string; tag: string } | { kind: 'hand'; hand: string } | { kind: 'group'; group: string };
  readOnly: boolean;
}

/**
 * One playthrough. Get it with `engine.flow(id)`; it is created on first use.
 *
 * @example
 * ```ts
 * const flow = engine.flow('alice');
 * const { cards } = flow.deal('village');
 * flow.play(cards[0].id, { hand: 'village' });
 * ```
 */
export interface Flow {
  readonly id: string;
  /** Fills the hand's empty slots from the top of its box's stock and claims what it deals. */
  deal(hand: string, ask?: Ask): DealResult;
  /** The top of the stock for the hand (its full capacity); claims nothing, moves no clock. */
  peek(hand: string, ask?: Ask): PeekResult;
  /** The cards the hand holds now, in the order they were dealt. */
  hand(hand: string, ask?: Ask): CardView[];
  /** Runs the card's effects, releases its claim, advances its box and starts its cooldown. */
  play(card: string, options: PlayOptions): PlayResult;
  /** Moves the box's turn clock in this flow; returns the new turn. */
  advance(box: string, n?: number): number;
  turn(box: string): number;
  setWorld(name: string, value: Value): void;
  getWorld(name: string): Value;
  /** `@hand` as a deal into this hand would see it now, each name with its source. */
  handScope(hand: string, ask?: Ask): HandScopeEntry[];
  /** The flow's whole state as plain JSON. */
  snapshot(): FlowSnapshot;
}

/**
 * @internal The engine makes these; users get them from `engine.flow`. A handle reads its flow's
 * state afresh on every call, so it keeps working after `engine.restore`.
 *
 * @example
 * ```ts
 * const flow: Flow = new FlowHandle(rt, 'alice');
 * ```
 */
export class FlowHandle implements Flow {
  constructor(
    private readonly rt: Runtime,
    readonly id: string,
  ) {}

  private state(): FlowState {
    let s = this.rt.flows.get(this.id);
    if (!s) {
      s = newFlowState(this.rt.program, this.id);
      this.rt.flows.set(this.id, s);
    }
    return s;
  }

  private instance(hand: unknown, ask: unknown): HandInstance {
    return resolveInstance(this.rt.program, this.rt.instances, hand, ask);
  }

  deal(hand: string, ask?: Ask): DealResult {
    const inst = this.instance(hand, ask);
    const state = this.state();
    const { picked, event } = decide(this.rt, state, inst, 'deal');
    const held = state.hands.get(inst.key)?.held ?? [];
    return { cards: held.map((c) => c.view), dealt: picked.map((c) => c.view), trace: event };
  }

  peek(hand: string, ask?: Ask): PeekResult {
    const inst = this.instance(hand, ask);
    const { picked, event } = decide(this.rt, this.state(), inst, 'peek');
    return { cards: picked.map((c) => c.view), trace: event };
  }

  hand(hand: string, ask?: Ask): CardView[] {
    const inst = this.instance(hand, ask);
    return (this.rt.flows.get(this.id)?.hands.get(inst.key)?.held ?? []).map((c) => c.view);
  }

  play(cardId: string, options: PlayOptions): PlayResult {
    const plan = planPlay(this.rt, this.id, cardId, options);
    const { store } = this.rt;
    if (plan.card.oneShotShared) store.take(plan.card.id, plan.holder);
    else if (plan.card.shared) store.release(plan.card.id, plan.holder);
    return commitPlay(plan);
  }

  advance(box: string, n: number = 1): number {
    const b = this.box(box);
    const by = turns(n, 'flow.advance');
    const state = this.state();
    return (state.clocks[b.index] = state.clocks[b.index]! + by);
  }

  turn(box: string): number {
    const b = this.box(box);
    return this.rt.flows.get(this.id)?.clocks[b.index] ?? 0;
  }

  setWorld(name: string, value: Value): void {
    const { program } = this.rt;
    const i = this.worldIndex(name);
    const type = program.worldTypes[i]!;
    if (!valueFits(value, type, program.env)) {
      const ladder =
        type.kind === 'stage'
          ? `: one of ${program.env.stages.get(type.ladder)!.join(', ')}`
          : type.kind === 'tag'
            ? `: one of ${[...program.env.groups.get(type.group)!].join(', ')}`
            : '';
      throw new StoryletError('world/type', `@world.${name} holds ${describeType(type)}${ladder}; got ${describeValue(value)}`, { id: name, value, type });
    }
    this.state().world[i] = value;
  }

  getWorld(name: string): Value {
    const i = this.worldIndex(name);
    return this.rt.flows.get(this.id)?.world[i] ?? this.rt.program.worldInitial[i]!;
  }

  handScope(hand: string, ask?: Ask): HandScopeEntry[] {
    const inst = this.instance(hand, ask);
    const state = this.rt.flows.get(this.id);
    const scope = { tags: state?.tags ?? new Map(), props: state?.hands.get(inst.key)?.props };
    return inst.sources.map((s) => ({ name: s.name, value: read(inst, s, scope), source: describeSource(inst, s), readOnly: s.kind === 'group' }));
  }

  snapshot(): FlowSnapshot {
    return buildFlowSnapshot(this.rt.program, this.rt.flows.get(this.id) ?? newFlowState(this.rt.program, this.id));
  }

  private box(id: unknown): BoxRt {
    const b = typeof id === 'string' ? this.rt.program.boxesById.get(id) : undefined;
    if (!b) unknownId('deal/unknown-box', 'box', id, this.rt.program.boxesById.keys());
    return b;
  }

  private worldIndex(name: unknown): number {
    const i = typeof name === 'string' ? this.rt.program.worldIndex.get(name) : undefined;
    if (i === undefined) unknownId('world/unknown-name', 'world name', name, this.rt.program.worldNames);
    return i;
  }
}

/**
 * A play that passed every check and whose effects all ran against scratch copies: what
 * {@link commitPlay} will write. Nothing of the flow has changed yet.
 */
export interface PlayPlan {
  card: CardRt;
  holder: ClaimHolder;
  state: FlowState;
  held: HeldHand;
  /** The world before the effects and after them: only the names the effects changed are written. */
  worldBefore: Value[];
  world: Value[];
  stagedTags: Map<number, Value[]>;
  stagedProps: Value[] | undefined;
  by: number;
}

/**
 * Checks a play and runs its effects on scratch copies (reference, "Playing a card", steps 1-2);
 * throws a `StoryletError` and changes nothing when it refuses.
 *
 * @example
 * ```ts
 * const plan = planPlay(rt, 'alice', 'goblin', { hand: 'cave' });
 * store.release(plan.card.id, plan.holder);
 * commitPlay(plan);
 * ```
 */
export function planPlay(rt: Runtime, flowId: string, cardId: string, options: PlayOptions): PlayPlan {
  const { program } = rt;
  const card = typeof cardId === 'string' ? program.cardsById.get(cardId) : undefined;
  if (!card) unknownId('play/unknown-card', 'card', cardId, program.cardsById.keys());
  if (typeof options !== 'object' || options === null) {
    throw new StoryletError('play/bad-options', `play needs the hand holding the card: flow.play(${describeValue(cardId)}, { hand: '...' })`, { card: cardId });
  }
  const inst = resolveInstance(program, rt.instances, options.hand, options.ask);
  const by = turns(options.advance ?? program.bundle.settings.playAdvances, 'play({ advance })');
  const state = rt.flows.get(flowId);
  const held = state?.hands.get(inst.key);
  if (!state || !held || !held.held.includes(card)) {
    throw new StoryletError(
      'play/not-in-hand',
      `hand ${inst.key} of flow ${flowId} does not hold card ${card.id}; it holds: ${held?.held.map((c) => c.id).join(', ') || '(nothing)'}`,
      {
        id: card.id,
        hand: inst.key,
        known: held?.held.map((c) => c.id) ?? [],
      },
    );
  }

  // Effects run against scratch copies; only if every one succeeds is anything committed.
  const world = state.world.slice();
  const worldBefore = state.world.slice();
  const ctx: EvalContext = { world, hand: assemble(program, inst, { tags: state.tags, props: held.props }), label: inst.key };
  const stagedTags = new Map<number, Value[]>();
  let stagedProps: Value[] | undefined;
  const target: EffectTarget = {
    ctx,
    writeHand: (slot, name, value) => {
      const src = inst.bySlot[slot];
      if (!src) throw new NotEvaluable(`@hand.${name} is not set for hand ${inst.key}`);
      if (src.kind === 'group') throw new NotEvaluable(`@hand.${name} is read-only: it is the tag the hand was dealt for`);
      const type = program.handTypes[slot]!;
      if (!valueFits(value, type, program.env)) throw new NotEvaluable(`@hand.${name} must hold ${describeType(type)}; got ${describeValue(value)}`);
      if (src.kind === 'tag') {
        let vals = stagedTags.get(src.tag.index);
        if (!vals) stagedTags.set(src.tag.index, (vals = tagValues(state.tags, src.tag)));
        vals[src.prop] = value;
      } else {
        stagedProps ??= held.props?.slice() ?? inst.hand.properties.map((p) => p.initial);
        stagedProps[src.prop] = value;
      }
      ctx.hand[slot] = value;
    },
  };
  for (const effect of card.effects) {
    try {
      effect.run(target);
    } catch (err) {
      if (!(err instanceof NotEvaluable)) throw err;
      throw new StoryletError('play/effect-failed', `effect ${describeValue(effect.source)} of card ${card.id} failed: ${err.message}; nothing was changed`, {
        id: card.id,
        effect: effect.source,
        problem: err.message,
      });
    }
  }
  return { card, holder: { flow: flowId, hand: inst.key }, state, held, worldBefore, world, stagedTags, stagedProps, by };
}

/**
 * Commits a planned play (steps 3-5): the effects' writes, the card out of the hand, the box's
 * clock, the cooldown. The claim store is the caller's business and comes first: a store that
 * fails leaves the plan uncommitted.
 *
 * @example
 * ```ts
 * const { turn } = commitPlay(planPlay(rt, 'alice', 'goblin', { hand: 'cave' }));
 * ```
 */
export function commitPlay(plan: PlayPlan): PlayResult {
  const { card, state, held, world, worldBefore } = plan;
  // Only the names the effects changed: a world value set while an async store answered stays.
  for (let i = 0; i < world.length; i++) if (world[i] !== worldBefore[i]) state.world[i] = world[i]!;
  for (const [tag, vals] of plan.stagedTags) state.tags.set(tag, vals);
  if (plan.stagedProps) held.props = plan.stagedProps;
  held.held.splice(held.held.indexOf(card), 1);
  const hs = state.holders.get(card.index)!;
  hs.splice(hs.indexOf(held.key), 1);
  if (hs.length === 0) state.holders.delete(card.index);
  const turn = (state.clocks[card.box.index] = state.clocks[card.box.index]! + plan.by);
  const until = cooldownAfterPlay(card.redraw, turn, card.shared);
  if (until !== undefined) state.cooldowns.set(card.index, until);
  return { card: card.view, box: card.box.id, turn };
}

function describeSource(inst: HandInstance, s: HandSource): HandScopeEntry['source'] {
  switch (s.kind) {
    case 'tag':
      return { kind: 'tag', group: s.tag.group.id, tag: s.tag.id };
    case 'hand':
      return { kind: 'hand', hand: inst.hand.id };
    case 'group':
      return { kind: 'group', group: s.group.id };
  }
}
