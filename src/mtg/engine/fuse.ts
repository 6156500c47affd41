/**
 * Fuse (CR 702.102): a split card with fuse may be cast from its owner's hand as both halves at
 * once, a fused split spell (702.102a). Its total cost includes the mana cost of each half
 * (702.102c); as it resolves, the left half's instructions are followed, then the right half's
 * (702.102d). Forge builds the fused spell from the halves' first spell abilities, the right
 * half's appended to the left half's chain with the costs added (AbilityFactory's fused ability):
 * here the fused spell is the left half's spell ability cast with `way: 'fuse'`, whose chain
 * (`itemChain`, resolve.ts) continues into the right half's, each node reading its own half's
 * SVars. Targets, legality on resolution and copies follow the whole chain. On the stack the
 * fused spell has the two halves' characteristics combined (702.102b, 709.4d; layers.ts
 * `fusedChars`, read from the card's `castWay`).
 */
import { cardNamed, resolveNode, type NodeRef } from './cards.js';
import type { G } from './context.js';
import type { CastHow } from './alt-costs.js';
import { hasKeyword } from './layers.js';
import type { GameObject } from './types.js';
import { registerPrimitive } from '../cards/index.js';

registerPrimitive('kw:Fuse');

/** Per registry and card name: the fused way, or null when the card cannot be fused. */
const fusedWays = new WeakMap<G['registry'], Map<string, CastHow | null>>();

/**
 * The fused way to cast a split card with fuse from its owner's hand (CR 702.102a): both halves'
 * mana costs (702.102c), or undefined for any other card or zone.
 *
 * @example
 * ```ts
 * fuseWay(g, turnBurn); // { way: 'fuse', cost: '2 U 1 R', fuse: true }
 * ```
 */
export function fuseWay(g: G, o: GameObject): CastHow | undefined {
  if (o.zone !== 'hand' || !hasKeyword(g, o, 'Fuse')) return undefined;
  let byName = fusedWays.get(g.registry);
  if (!byName) fusedWays.set(g.registry, (byName = new Map()));
  let way = byName.get(o.card);
  if (way === undefined) {
    const card = cardNamed(g.registry, o.card);
    const right = card?.faces[1];
    way =
      card?.layout === 'split' && right && fusedRightKey(g, card.name) !== undefined
        ? { way: 'fuse', cost: `${card.faces[0]!.manaCost ?? '0'} ${right.manaCost ?? '0'}`, fuse: true }
        : null;
    byName.set(o.card, way);
  }
  return way ?? undefined;
}

/** The right half's spell ability key (its first `SP$`), which a fused spell continues with. */
function fusedRightKey(g: G, name: string): string | undefined {
  const face = cardNamed(g.registry, name)?.faces[1];
  const index = face?.abilities.findIndex((n) => n.record === 'SP') ?? -1;
  return index < 0 ? undefined : `${name}|1|a|${index}`;
}

/**
 * The right half's spell ability of the fused spell whose left half is `left`.
 *
 * @example
 * ```ts
 * fusedRight(g, resolveNode(g.registry, 'Turn // Burn|0|a|0'))?.node.head; // 'DealDamage'
 * ```
 */
export function fusedRight(g: G, left: NodeRef): NodeRef | undefined {
  const key = fusedRightKey(g, left.card.name);
  return key === undefined ? undefined : resolveNode(g.registry, key);
}
