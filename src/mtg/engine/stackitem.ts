/** Making stack items (CR 405): a spell or an ability with nothing chosen yet. */
import type { Seat } from './choice.js';
import { newId, type G } from './context.js';
import type { GameObject, Ref, StackItem } from './types.js';

/** The node key of a permanent spell with no spell ability of its own (CR 608.3). */
export const PERMANENT_SPELL = '#permanent';

/**
 * A fresh stack item for `node` of `source`, controlled by `controller`. A spell's item takes the
 * card's own id; an ability gets a new id.
 * @example
 * ```ts
 * const item = emptyItem(g, pinger, 0, 'Prodigal Sorcerer|0|a|0', 'ability');
 * ```
 */
export function emptyItem(g: G, source: GameObject, controller: Seat, node: string, kind: StackItem['kind']): StackItem {
  return {
    id: kind === 'spell' ? source.id : newId(g),
    kind,
    source: source.id,
    sourceInc: source.inc,
    sourceLki: null,
    controller,
    node,
    targets: [],
    divided: null,
    x: 0,
    modes: null,
    trigger: null,
    triggerNode: null,
    paid: { sacrificed: [], discarded: [], exiled: [], tapped: [], life: 0 },
    copy: false,
    kicked: false,
    remembered: [],
    effect: null,
    text: '',
  };
}

/**
 * Every target of a stack item, in order of its parts. A part that chooses none may have no list
 * at all: `targets` is filled by position, so a copy of a state (a fork, a snapshot read back)
 * holds `undefined` or `null` there where the original held a hole.
 * @example
 * ```ts
 * targetRefs(item).length; // 1 for a Lightning Bolt cast at a creature
 * ```
 */
export function targetRefs(item: StackItem): Ref[] {
  const out: Ref[] = [];
  for (const list of item.targets) if (list) out.push(...list);
  return out;
}
