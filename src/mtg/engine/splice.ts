/**
 * Splice (CR 702.47): "Splice onto [quality] [cost]" means "You may reveal this card from your
 * hand as you cast a [quality] spell. If you do, that spell gains the text of this card's rules
 * text and you pay [cost] as an additional cost to cast that spell" (702.47a). Forge writes it
 * `Splice:<type>:<cost>` (the corpus: `Splice:Arcane:1 R`, `Splice:Arcane:Sac<2/Mountain>`) and
 * adds the spliced card's first spell ability to the end of the spell's chain, its cost to the
 * spell's cost (GameActionUtil's splice). Here the cards are announced with the other additional
 * costs (601.2b: revealed from the hand, where they stay), after kicker and before X and targets,
 * so the spliced text's targets are chosen with the spell's (702.47d, 601.2c); the splice costs
 * are paid with the rest (601.2f–h). A card whose text's targets cannot be chosen is not offered,
 * and each card is offered once (702.47b). The stack item keeps the spliced spell abilities' keys
 * (`spliced`), and its chain (`itemChain`, resolve.ts) runs them after its own, in the order
 * spliced (702.47b: the main spell's effects first). The spell's characteristics do not change,
 * and the gained text's "CARDNAME" is the spell (702.47c: the run's host is the spell's card); the
 * changes go with the item as it leaves the stack (702.47e), and a copy of the spell copies them
 * (707.10; the item is copied whole).
 */
import { askYesNo, type Gen } from './ask.js';
import { cardNamed, keywordOf, nodeKey, resolveNode, type NodeRef } from './cards.js';
import type { G, Run } from './context.js';
import { pileId, revealToAll } from './zones.js';
import { chars } from './layers.js';
import type { ManaCost } from './mana.js';
import { canPayMana, manaOf, nonManaBlocker, parseCost, type Cost } from './costs.js';
import { addCosts, describe } from './optional-costs.js';
import type { GameObject, StackItem } from './types.js';
import { registerPrimitive } from '../cards/index.js';

registerPrimitive('kw:Splice');

/** A hand card's splice: the quality of spell it splices onto, its cost, its spell ability. */
type SpliceOffer = { card: GameObject; onto: string; cost: string; spell: NodeRef };

/**
 * The spell ability a card adds when spliced: its first (Forge's splice copies the card's first
 * spell ability), or undefined for a card without one.
 * @example
 * ```ts
 * spliceSpell(g, 'Glacial Ray')?.node.head; // 'DealDamage'
 * ```
 */
export function spliceSpell(g: G, name: string): NodeRef | undefined {
  const face = cardNamed(g.registry, name)?.faces[0];
  const index = face?.abilities.findIndex((n) => n.record === 'SP') ?? -1;
  return index < 0 ? undefined : resolveNode(g.registry, nodeKey(name, 0, 'a', index));
}

/** The splices the cards in `o`'s caster's hand offer onto spell `o`, in hand order. */
function spliceOffers(g: G, item: StackItem, o: GameObject): SpliceOffer[] {
  const c = chars(g, o);
  const out: SpliceOffer[] = [];
  for (const id of g.s.zones[pileId('hand', item.controller)] ?? []) {
    const card = g.s.objects[id];
    if (!card || card.id === o.id) continue;
    for (const k of chars(g, card).keywords) {
      if (!k.startsWith('Splice:')) continue;
      const kw = keywordOf(k);
      const onto = kw.args[0]?.trim() ?? '';
      const cost = kw.args.slice(1).join(':').trim();
      // "onto Arcane": a spell with that subtype (or card type, for a quality written so).
      if (onto === '' || cost === '' || !(c.subtypes.includes(onto) || c.cardTypes.includes(onto))) continue;
      const spell = spliceSpell(g, card.card);
      if (spell) out.push({ card, onto, cost, spell });
      break;
    }
  }
  return out;
}

/**
 * Asks, for each card in the caster's hand that can be spliced onto the spell being cast, whether
 * to splice it (CR 702.47a): offered when its cost can be paid on top of `base` (mana after cost
 * changes, by `adjust`, with X at 0) and its spliced text's targets can be chosen (`choosable`).
 * A card spliced is revealed, its spell ability is recorded on the item, and the spell's cost with
 * the splice costs chosen is returned.
 * @example
 * ```ts
 * const cost = yield* announceSplice(g, item, card, parseCost('1 R'), (m) => m, () => true);
 * ```
 */
export function* announceSplice(
  g: G,
  item: StackItem,
  o: GameObject,
  base: Cost,
  adjust: (m: ManaCost) => ManaCost,
  choosable: (spell: NodeRef) => boolean,
): Gen<Cost> {
  if (item.kind !== 'spell' || item.copy) return base;
  const offers = spliceOffers(g, item, o);
  if (offers.length === 0) return base;
  let cost = base;
  const run: Run = { g, you: item.controller, host: o.id, item };
  const name = chars(g, o).name;
  for (const offer of offers) {
    const more = addCosts(cost, parseCost(offer.cost));
    if (nonManaBlocker(g, run, more, o, o.id) !== null) continue;
    const mana = adjust(manaOf(more, 0));
    if ((mana.generic > 0 || mana.shards.length > 0) && !canPayMana(g, item.controller, mana, null, { spell: o })) continue;
    if (!choosable(offer.spell)) continue;
    const spliced = chars(g, offer.card).name;
    if (!(yield* askYesNo(g, item.controller, `Splice ${spliced} onto ${name} (pay ${describe(offer.cost)})?`))) continue;
    cost = more;
    item.spliced = [...(item.spliced ?? []), offer.spell.key];
    // Revealed from the hand (CR 702.47a), where it stays (702.47d).
    revealToAll(g, offer.card);
  }
  return cost;
}

/**
 * The names of the cards spliced onto a stack item, for its text, or '' when none was.
 * @example
 * ```ts
 * splicedText(item); // ' (spliced Glacial Ray)'
 * ```
 */
export function splicedText(item: Pick<StackItem, 'spliced'>): string {
  if (!item.spliced || item.spliced.length === 0) return '';
  return ` (spliced ${item.spliced.map((k) => k.slice(0, k.indexOf('|'))).join(', ')})`;
}
