/**
 * Optional additional costs announced as a spell is cast (CR 601.2b): kicker (CR 702.33) and
 * buyback (CR 702.27). Each one the player can pay on top of what is already chosen is asked as
 * a yes/no question, before X and targets are chosen, since targets may depend on it (Magma
 * Burst's second target). What was chosen joins the spell's cost, so it is paid with the rest by
 * the automatic payer (CR 601.2f–h), and it is recorded on the spell: `kicked` on the stack item
 * and the card (read by `Count$Kicked`, `Condition$ Kicked` and `Card.Self+kicked`), and buyback
 * on the stack item, read as the spell leaves the stack (stackops.ts).
 */
import { askYesNo, type Gen } from './ask.js';
import { keywordOf } from './cards.js';
import type { G, Run } from './context.js';
import { chars } from './layers.js';
import { costText, type ManaCost } from './mana.js';
import { canPayMana, manaOf, nonManaBlocker, parseCost, type Cost } from './costs.js';
import type { GameObject, StackItem } from './types.js';
import { registerPrimitive } from '../cards/index.js';

registerPrimitive('kw:Kicker');
registerPrimitive('kw:Buyback');

/** Two costs as one: the mana of both, and the other parts of the first, then the second. */
export function addCosts(a: Cost, b: Cost): Cost {
  return { mana: [...a.mana, ...b.mana], xCount: a.xCount + b.xCount, parts: [...a.parts, ...b.parts] };
}

/** The optional costs a card's keywords offer, in the order the card writes them. */
function optionalCosts(g: G, o: GameObject): Array<{ kind: 'Kicker' | 'Buyback'; cost: string; index: number }> {
  const out: Array<{ kind: 'Kicker' | 'Buyback'; cost: string; index: number }> = [];
  for (const k of chars(g, o).keywords) {
    const kw = keywordOf(k);
    // `Kicker:<cost>` or `Kicker:<cost>:<cost2>`: a card with two kickers (CR 702.33d).
    if (kw.name === 'Kicker') kw.args.forEach((cost, i) => cost.trim() !== '' && out.push({ kind: 'Kicker', cost: cost.trim(), index: i + 1 }));
    else if (kw.name === 'Buyback' && kw.args[0]?.trim()) out.push({ kind: 'Buyback', cost: kw.args[0].trim(), index: 1 });
  }
  return out;
}

/** A cost's text for a question: mana in braces, other parts as Forge writes them. */
function describe(text: string): string {
  const cost = parseCost(text);
  const mana = manaOf(cost, 0);
  const manaText = cost.mana.length > 0 ? costText(mana) : '';
  const other = text.split(/\s+/).filter((p) => p !== '' && !/^(\d+|[WUBRGCXS]|[WUBRG2]\/?[WUBRGP])$/.test(p));
  return [manaText, ...other].filter((s) => s !== '').join(' ');
}

/**
 * Asks for each optional cost the spell offers and the player can pay on top of `base` (mana
 * after cost changes, by `adjust`, with X at 0), and returns the spell's cost with the ones
 * chosen. Marks the item and the card as kicked, and the item as bought back.
 * @example
 * ```ts
 * const cost = yield* announceOptionalCosts(g, item, card, parseCost('R'), (m) => m);
 * ```
 */
export function* announceOptionalCosts(g: G, item: StackItem, o: GameObject, base: Cost, adjust: (m: ManaCost) => ManaCost): Gen<Cost> {
  let cost = base;
  const run: Run = { g, you: item.controller, host: o.id, item };
  for (const opt of optionalCosts(g, o)) {
    const more = addCosts(cost, parseCost(opt.cost));
    if (nonManaBlocker(g, run, more, o, o.id) !== null) continue;
    const mana = adjust(manaOf(more, 0));
    if ((mana.generic > 0 || mana.shards.length > 0) && !canPayMana(g, item.controller, mana)) continue;
    const name = chars(g, o).name;
    const question = opt.kind === 'Kicker' ? `Pay kicker ${describe(opt.cost)} as you cast ${name}?` : `Pay buyback ${describe(opt.cost)} as you cast ${name}?`;
    if (!(yield* askYesNo(g, item.controller, question))) continue;
    cost = more;
    if (opt.kind === 'Kicker') {
      item.kicked = true;
      o.kicked = true;
      item.kickers = [...(item.kickers ?? []), opt.index];
      o.kickers = item.kickers;
    } else item.buyback = true;
  }
  return cost;
}

/**
 * Whether a spell leaving the stack as it resolves goes to its owner's hand (CR 702.27a): a
 * bought-back instant or sorcery card, not a copy.
 * @example
 * ```ts
 * boughtBack(g, item, card); // true for a resolving Capsize whose buyback was paid
 * ```
 */
export function boughtBack(g: G, item: StackItem, card: GameObject): boolean {
  if (!item.buyback || item.copy) return false;
  const types = chars(g, card).cardTypes;
  return types.includes('Instant') || types.includes('Sorcery');
}
