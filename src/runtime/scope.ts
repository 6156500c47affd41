/**
 * Hand instances and the `@hand` scope (reference, "The @hand scope").
 *
 * A hand instance is a hand id plus the tags a deal or peek asked for: `talk{npc=elder}` and
 * `talk{npc=smith}` are two hands with their own slots, claims and property values.
 *
 * `@hand` is put together for every deal from three sources, later ones overriding earlier ones:
 * (1) the properties of every tag the hand binds (pinned groups first, then asked, each in the
 * bundle's group order), (2) the hand's own properties, (3) each bound group's own name, which
 * reads the bound tag. Each name remembers its source, so a write goes back to the right place:
 * a tag property to this flow's state for that tag, a hand property to this hand instance.
 */
import { describeValue, StoryletError, unknownId } from '../core/errors.js';
import type { Value } from '../content/bundle.js';
import type { GroupRt, HandRt, Program, TagRt } from './load.js';

/** Where one `@hand` name comes from. */
export type HandSource =
  | { kind: 'tag'; slot: number; name: string; tag: TagRt; prop: number }
  | { kind: 'hand'; slot: number; name: string; prop: number }
  | { kind: 'group'; slot: number; name: string; group: GroupRt; value: string };

/** What a deal or peek asked for: group → tag. */
export type Ask = Readonly<Record<string, string>>;

/** A hand with its asked tags, resolved once and cached by key (derived data, not state). */
export interface HandInstance {
  key: string;
  hand: HandRt;
  /** Only the groups asked beyond what the hand pins, sorted by group id. */
  ask: Readonly<Record<string, string>>;
  /** By group index: the bound tag, pinned or asked. */
  bindings: (string | undefined)[];
  /** The visible names after overrides, in assembly order. */
  sources: HandSource[];
  /** By slot: the source of that name for this instance. */
  bySlot: (HandSource | undefined)[];
  /** What a deal looks cards up by, built on the instance's first deal (see deal.ts). */
  dealIndex?: DealIndex;
}

/** A hand instance's cards as a deal looks them up: fixed by the content and the bindings. */
export interface DealIndex {
  /** Box positions of the cards whose tags this instance's bindings match, in box order. */
  matching: Int32Array;
  /** Box positions of the box's shared one-shots, in box order. */
  oneShots: Int32Array;
  /** The names the matching cards' conditions read (world index `i` as `i`, `@hand` slot `s` as `-1 - s`). */
  names: Int32Array;
  /** Aligned with `names`: which matching cards (by their place in `matching`) read that name. */
  readers: Int32Array[];
}

/** The per-flow values `@hand` reads: tag state and hand-instance properties. */
export interface ScopeState {
  /** Tag index → its property values in this flow (absent: still at their starting values). */
  tags: Map<number, Value[]>;
  /** This instance's own property values (absent: still at their starting values). */
  props: Value[] | undefined;
}

/**
 * The key of a hand instance: the hand id, then the asked `group=tag` pairs sorted by group.
 *
 * @example
 * ```ts
 * instanceKey('talk', { npc: 'elder' }); // 'talk{npc=elder}'
 * instanceKey('village', {});            // 'village'
 * ```
 */
export function instanceKey(hand: string, ask: Ask): string {
  const groups = Object.keys(ask).sort(byCodeUnits);
  if (groups.length === 0) return hand;
  return `${hand}{${groups.map((g) => `${g}=${ask[g]}`).join(',')}}`;
}

/**
 * Validates a hand id and what was asked of it and resolves the instance; throws
 * `deal/unknown-hand` or `deal/bad-ask` (and changes nothing) when they are wrong.
 *
 * @example
 * ```ts
 * const inst = resolveInstance(program, cache, 'elder_chat', {});
 * ```
 */
export function resolveInstance(program: Program, cache: Map<string, HandInstance>, handId: unknown, ask: unknown): HandInstance {
  const hand = typeof handId === 'string' ? program.handsById.get(handId) : undefined;
  if (!hand) unknownId('deal/unknown-hand', 'hand', handId, program.handsById.keys());
  const asked = normaliseAsk(hand, ask, program);
  const key = instanceKey(hand.id, asked);
  let inst = cache.get(key);
  if (!inst) {
    inst = buildInstance(program, hand, asked, key);
    cache.set(key, inst);
  }
  return inst;
}

function normaliseAsk(hand: HandRt, ask: unknown, program: Program): Record<string, string> {
  if (ask === undefined || ask === null) return {};
  if (typeof ask !== 'object' || Array.isArray(ask)) {
    throw new StoryletError('deal/bad-ask', `ask must be an object of group: tag, e.g. { npc: 'elder' }; got ${describeValue(ask)}`, { hand: hand.id, ask });
  }
  const out: Record<string, string> = {};
  const open = hand.choose.map((g) => g.id);
  for (const [g, t] of Object.entries(ask as Record<string, unknown>)) {
    const group = program.groupsById.get(g);
    const pinned = group ? hand.pinned.get(group) : undefined;
    if (pinned !== undefined) {
      // Asking for what the hand already pins is harmless; asking for something else is a mistake.
      if (t === pinned) continue;
      throw new StoryletError('deal/bad-ask', `hand ${hand.id} pins ${g}=${pinned}; it cannot be asked for ${g}=${String(t)}`, {
        hand: hand.id,
        group: g,
        tag: t,
        pinned,
      });
    }
    if (!group || !hand.choose.includes(group)) {
      throw new StoryletError(
        'deal/bad-ask',
        `hand ${hand.id} does not leave group ${describeValue(g)} open; it can be asked for: ${open.join(', ') || '(nothing)'}`,
        {
          hand: hand.id,
          group: g,
          known: open,
        },
      );
    }
    if (typeof t !== 'string' || !group.tags.has(t)) {
      const tags = [...group.tags.keys()];
      throw new StoryletError('deal/bad-ask', `group ${g} has no tag ${describeValue(t)}; its tags: ${tags.join(', ')}`, {
        hand: hand.id,
        group: g,
        tag: t,
        known: tags,
      });
    }
    out[g] = t;
  }
  return out;
}

function buildInstance(program: Program, hand: HandRt, ask: Record<string, string>, key: string): HandInstance {
  const bindings = new Array<string | undefined>(program.groups.length).fill(undefined);
  const bound: { group: GroupRt; tag: TagRt }[] = [];
  // Pinned first, then asked; each in the bundle's group order.
  for (const group of program.groups) {
    const t = hand.pinned.get(group);
    if (t !== undefined) bound.push({ group, tag: group.tags.get(t)! });
  }
  for (const group of program.groups) {
    const t = ask[group.id];
    if (t !== undefined) bound.push({ group, tag: group.tags.get(t)! });
  }
  const bySlot = new Array<HandSource | undefined>(program.handNames.length).fill(undefined);
  const order: number[] = [];
  const put = (s: HandSource): void => {
    if (bySlot[s.slot] === undefined) order.push(s.slot);
    bySlot[s.slot] = s;
  };
  for (const { group, tag } of bound) {
    bindings[group.index] = tag.id;
    tag.properties.forEach((p, prop) => put({ kind: 'tag', slot: tag.slots[prop]!, name: p.name, tag, prop }));
  }
  hand.properties.forEach((p, prop) => put({ kind: 'hand', slot: hand.slots[prop]!, name: p.name, prop }));
  for (const { group, tag } of bound) put({ kind: 'group', slot: group.slot, name: group.id, group, value: tag.id });
  return { key, hand, ask: Object.freeze({ ...ask }), bindings, sources: order.map((s) => bySlot[s]!), bySlot };
}

/**
 * Assembles `@hand` for one deal: an array by slot, `undefined` where this hand has no such name.
 *
 * @example
 * ```ts
 * const values = assemble(program, inst, { tags: flow.tags, props: held?.props });
 * ```
 */
export function assemble(program: Program, inst: HandInstance, state: ScopeState): (Value | undefined)[] {
  const values = new Array<Value | undefined>(program.handNames.length).fill(undefined);
  for (const s of inst.sources) values[s.slot] = read(inst, s, state);
  return values;
}

/**
 * The current value of one source.
 *
 * @example
 * ```ts
 * read(inst, inst.sources[0], { tags: flow.tags, props: undefined }); // e.g. 2 (the forest's peril)
 * ```
 */
export function read(inst: HandInstance, s: HandSource, state: ScopeState): Value {
  switch (s.kind) {
    case 'tag':
      return state.tags.get(s.tag.index)?.[s.prop] ?? s.tag.properties[s.prop]!.initial;
    case 'hand':
      return state.props?.[s.prop] ?? inst.hand.properties[s.prop]!.initial;
    case 'group':
      return s.value;
  }
}

/**
 * A tag's property values in a flow, copied so that a write can be staged.
 *
 * @example
 * ```ts
 * const staged = tagValues(flow.tags, forest); staged[0] = 3; // flow.tags is untouched
 * ```
 */
export function tagValues(tags: Map<number, Value[]>, tag: TagRt): Value[] {
  return tags.get(tag.index)?.slice() ?? tag.properties.map((p) => p.initial);
}

function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
