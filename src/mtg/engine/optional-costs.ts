/**
 * Optional additional costs announced as a spell is cast (CR 601.2b): kicker (CR 702.33),
 * multikicker (CR 702.33c: the kicker cost any number of times, asked again after each yes while
 * it stays payable; each payment is one entry of `kickers`, counted by `Count$TimesKicked`),
 * buyback (CR 702.27), replicate (CR 702.56a: any number of times, as multikicker; each payment
 * counted on the item's `replicated`, which its cast trigger copies it for), conspire (CR 702.78a:
 * tapping two creatures that share a colour with it, recorded as `conspired`) and entwine (CR 702.42, asked with the modes, below). Each one the player can pay on top of what is already chosen is asked as
 * a yes/no question, before X and targets are chosen, since targets may depend on it (Magma
 * Burst's second target). What was chosen joins the spell's cost, so it is paid with the rest by
 * the automatic payer (CR 601.2f–h), and it is recorded on the spell: `kicked` on the stack item
 * and the card (read by `Count$Kicked`, `Condition$ Kicked` and `Card.Self+kicked`), and buyback
 * on the stack item, read as the spell leaves the stack (stackops.ts).
 */
import { ask, askYesNo, type Gen, type Opt } from './ask.js';
import { keywordOf, param, svarNode, type NodeRef } from './cards.js';
import type { G, Run } from './context.js';
import { chars } from './layers.js';
import { costText, type ManaCost } from './mana.js';
import { canPayMana, manaOf, nonManaBlocker, parseCost, type Cost } from './costs.js';
import type { GameObject, StackItem } from './types.js';
import { registerPrimitive } from '../cards/index.js';

registerPrimitive('kw:Kicker');
registerPrimitive('kw:Multikicker');
registerPrimitive('kw:Buyback');
registerPrimitive('kw:Entwine');
registerPrimitive('kw:Replicate');
registerPrimitive('kw:Conspire');
registerPrimitive('kw:Escalate');
registerPrimitive('kw:AlternateAdditionalCost');

/**
 * "As an additional cost to cast this spell, [A] or [B]" (Forge's `AlternateAdditionalCost:<A>:<B>`:
 * Wren's Run Vanquisher's "reveal an Elf card from your hand or pay {3}"): a mandatory additional
 * cost with two forms, one of which the caster chooses and pays (CR 601.2b, 601.2f). The pairs the
 * card's keywords write, in order.
 * @example
 * ```ts
 * alternateAdditionalCosts(g, vanquisher); // [['Reveal<1/Elf>', '3']]
 * ```
 */
export function alternateAdditionalCosts(g: G, o: GameObject): Array<[string, string]> {
  let out: Array<[string, string]> | null = null;
  for (const k of chars(g, o).keywords) {
    if (!k.startsWith('AlternateAdditionalCost:')) continue;
    const kw = keywordOf(k);
    const a = kw.args[0]?.trim();
    const b = kw.args[1]?.trim();
    if (a && b) (out ??= []).push([a, b]);
  }
  return out ?? NO_PAIRS;
}

const NO_PAIRS: Array<[string, string]> = [];

/**
 * Every way to pay the card's "[A] or [B]" additional costs on top of `cost`: one cost per
 * combination (the corpus writes one pair per card, so two), or `cost` alone without any.
 * @example
 * ```ts
 * withAlternateAdditional(g, vanquisher, parseCost('1 G')); // [cost 1 G Reveal<1/Elf>, cost 1 G 3]
 * ```
 */
export function withAlternateAdditional(g: G, o: GameObject, cost: Cost): Cost[] {
  let out: Cost[] = [cost];
  for (const pair of alternateAdditionalCosts(g, o)) out = out.flatMap((c) => pair.map((p) => addCosts(c, parseCost(p))));
  return out;
}

/** A cost's words for a choice between two: the forms the corpus writes, else as Forge writes it. */
function spoken(text: string): string {
  const m = /^(\w+)<([^>]*)>$/.exec(text);
  if (!m) return `pay ${describe(text)}`;
  const [n, type, words] = m[2]!.split('/');
  const one = n === '1';
  const what = words ?? `${one ? 'a' : n} ${(type ?? 'card').replace(/;/g, ' or ')}${one ? '' : 's'}`;
  switch (m[1]) {
    case 'Reveal':
      return `reveal ${one && !words ? `${/^[AEIOU]/.test(type ?? '') ? 'an' : 'a'} ${type} card` : what} from your hand`;
    case 'Discard':
      return `discard ${one && !words ? 'a card' : what}`;
    case 'PayLife':
      return `pay ${n} life`;
    case 'Sac':
      return `sacrifice ${words ? `a ${words}` : what}`;
    default:
      return text;
  }
}

/** Whether `cost` (with X at 0) can be paid by the caster of `item` now. */
function payable(g: G, item: StackItem, o: GameObject, cost: Cost, adjust: (m: ManaCost) => ManaCost): boolean {
  const run: Run = { g, you: item.controller, host: o.id, item };
  if (nonManaBlocker(g, run, cost, o, o.id) !== null) return false;
  const mana = adjust(manaOf(cost, 0));
  return !((mana.generic > 0 || mana.shards.length > 0) && !canPayMana(g, item.controller, mana, null, { spell: o }));
}

/**
 * Conspire's cost (CR 702.78a): "tap two untapped creatures you control that each share a color
 * with it", the spell being cast (`SharesColorWith` reads the host, select.ts). Tapping for a cost
 * other than {T} is allowed for a creature that came under its controller's control this turn
 * (CR 302.6 restricts only {T} and {Q} abilities of its own).
 */
const CONSPIRE_COST = 'tapXType<2/Creature.SharesColorWith>';

/** The most times a multikicker is asked for: more than any corpus card can use. */
const MULTIKICKER_CAP = 20;

/** Two costs as one: the mana of both, and the other parts of the first, then the second. */
export function addCosts(a: Cost, b: Cost): Cost {
  return { mana: [...a.mana, ...b.mana], xCount: a.xCount + b.xCount, parts: [...a.parts, ...b.parts] };
}

/** The optional costs a card's keywords offer, in the order the card writes them. */
type OptionalKind = 'Kicker' | 'Multikicker' | 'Buyback' | 'Replicate' | 'Conspire';

function optionalCosts(g: G, o: GameObject): Array<{ kind: OptionalKind; cost: string; index: number }> {
  const out: Array<{ kind: OptionalKind; cost: string; index: number }> = [];
  for (const k of chars(g, o).keywords) {
    const kw = keywordOf(k);
    // `Kicker:<cost>` or `Kicker:<cost>:<cost2>`: a card with two kickers (CR 702.33d).
    if (kw.name === 'Kicker') kw.args.forEach((cost, i) => cost.trim() !== '' && out.push({ kind: 'Kicker', cost: cost.trim(), index: i + 1 }));
    else if (kw.name === 'Buyback' && kw.args[0]?.trim()) out.push({ kind: 'Buyback', cost: kw.args[0].trim(), index: 1 });
    // `Multikicker:<cost>` (a further `:Generic` field says nothing about the rules).
    else if (kw.name === 'Multikicker' && kw.args[0]?.trim()) out.push({ kind: 'Multikicker', cost: kw.args[0].trim(), index: 1 });
    // Replicate (CR 702.56a): "you may pay [cost] any number of times", asked as multikicker is.
    else if (kw.name === 'Replicate' && kw.args[0]?.trim()) out.push({ kind: 'Replicate', cost: kw.args[0].trim(), index: 1 });
    else if (kw.name === 'Conspire') out.push({ kind: 'Conspire', cost: CONSPIRE_COST, index: 1 });
  }
  return out;
}

/**
 * A cost's text for a question: mana in braces, other parts as Forge writes them.
 * @example
 * ```ts
 * describe('1 R'); // '{1}{R}'
 * ```
 */
export function describe(text: string): string {
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
  // "[A] or [B]" as an additional cost: not optional, so chosen first, among the forms the caster
  // can pay (the offer check made sure one can be; if none could, the first is kept and the
  // payment fails as any unpayable cost does).
  for (const pair of alternateAdditionalCosts(g, o)) {
    const forms = pair.filter((p) => payable(g, item, o, addCosts(cost, parseCost(p)), adjust));
    let form = forms[0] ?? pair[0];
    if (forms.length > 1) {
      const opts: Opt[] = forms.map((p) => ({ label: spoken(p), action: { verb: 'choose', text: spoken(p) } }));
      form = forms[yield* ask(g, item.controller, 'choose', `Choose the additional cost to cast ${chars(g, o).name}`, opts)]!;
    }
    cost = addCosts(cost, parseCost(form));
  }
  for (const opt of optionalCosts(g, o)) {
    // Multikicker is asked again after each payment (a bound keeps a free one finite).
    const repeated = opt.kind === 'Multikicker' || opt.kind === 'Replicate';
    for (let times = 0; times < (repeated ? MULTIKICKER_CAP : 1); times++) {
      const more = addCosts(cost, parseCost(opt.cost));
      if (nonManaBlocker(g, run, more, o, o.id) !== null) break;
      const mana = adjust(manaOf(more, 0));
      if ((mana.generic > 0 || mana.shards.length > 0) && !canPayMana(g, item.controller, mana, null, { spell: o })) break;
      const name = chars(g, o).name;
      const question =
        opt.kind === 'Kicker'
          ? `Pay kicker ${describe(opt.cost)} as you cast ${name}?`
          : opt.kind === 'Multikicker'
            ? `Pay multikicker ${describe(opt.cost)} as you cast ${name}?${times > 0 ? ` (paid ${times} time${times > 1 ? 's' : ''})` : ''}`
            : opt.kind === 'Replicate'
              ? `Pay replicate ${describe(opt.cost)} as you cast ${name}?${times > 0 ? ` (paid ${times} time${times > 1 ? 's' : ''})` : ''}`
              : opt.kind === 'Conspire'
                ? `Conspire: tap two untapped creatures you control that share a color with ${name} to copy it?`
                : `Pay buyback ${describe(opt.cost)} as you cast ${name}?`;
      if (!(yield* askYesNo(g, item.controller, question))) break;
      cost = more;
      if (opt.kind === 'Kicker' || opt.kind === 'Multikicker') {
        item.kicked = true;
        o.kicked = true;
        item.kickers = [...(item.kickers ?? []), opt.index];
        o.kickers = item.kickers;
      } else if (opt.kind === 'Replicate') item.replicated = (item.replicated ?? 0) + 1;
      else if (opt.kind === 'Conspire') item.conspired = true;
      else item.buyback = true;
    }
  }
  return cost;
}

/**
 * Entwine (CR 702.42a): "You may choose all modes of this spell instead of just the number
 * specified. If you do, you pay an additional [cost]." Asked as the modes are chosen (CR 601.2b),
 * only when every mode can be chosen (`choosable`: each has its legal targets) and the entwine
 * cost can be paid on top of `base`: yes chooses them all (on the item, in the card's order) and
 * returns the cost with the entwine cost; no (or not offered) returns null, and the modes are
 * chosen as usual.
 * @example
 * ```ts
 * const cost = yield* announceEntwine(g, item, card, root, parseCost('2 R'), (m) => m, () => true);
 * ```
 */
export function* announceEntwine(
  g: G,
  item: StackItem,
  o: GameObject,
  root: NodeRef,
  base: Cost,
  adjust: (m: ManaCost) => ManaCost,
  choosable: (mode: NodeRef) => boolean,
): Gen<Cost | null> {
  let text: string | undefined;
  for (const k of chars(g, o).keywords) {
    const kw = keywordOf(k);
    if (kw.name === 'Entwine' && kw.args[0]?.trim()) text = kw.args[0].trim();
  }
  if (text === undefined) return null;
  const modes = (param(root, 'Choices') ?? '')
    .split(',')
    .map((c) => svarNode(g.registry, root, c.trim()))
    .filter((m): m is NodeRef => m !== undefined);
  if (modes.length < 2 || !modes.every(choosable)) return null;
  const more = addCosts(base, parseCost(text));
  const run: Run = { g, you: item.controller, host: o.id, item };
  if (nonManaBlocker(g, run, more, o, o.id) !== null) return null;
  const mana = adjust(manaOf(more, 0));
  if ((mana.generic > 0 || mana.shards.length > 0) && !canPayMana(g, item.controller, mana, null, { spell: o })) return null;
  if (!(yield* askYesNo(g, item.controller, `Pay entwine ${describe(text)} to choose all modes of ${chars(g, o).name}?`))) return null;
  item.modes = modes.map((m) => m.key);
  return more;
}

/**
 * Escalate (CR 702.120a): "For each mode you choose beyond the first as you cast this spell, you
 * pay an additional [cost]." The spell's cost with `extra` escalate payments on top of `base`, or
 * null when the player cannot pay that much (so no further mode is offered, CR 601.2b: a player
 * announces only what they can pay); `base` itself when the card has no escalate or `extra` is 0.
 * The cost may be mana (`Escalate:2`) or not (`Escalate:Discard<1/Card>`, `tapXType<1/Creature>`).
 * @example
 * ```ts
 * escalated(g, item, blessedAlliance, parseCost('1 W'), 2, (m) => m); // the cost 1 W 2 2, if payable
 * ```
 */
export function escalated(g: G, item: StackItem, o: GameObject, base: Cost, extra: number, adjust: (m: ManaCost) => ManaCost): Cost | null {
  let text: string | undefined;
  for (const k of chars(g, o).keywords) {
    const kw = keywordOf(k);
    if (kw.name === 'Escalate' && kw.args[0]?.trim()) text = kw.args.join(':').trim();
  }
  if (text === undefined || extra <= 0) return base;
  let more = base;
  for (let i = 0; i < extra; i++) more = addCosts(more, parseCost(text));
  const run: Run = { g, you: item.controller, host: o.id, item };
  if (nonManaBlocker(g, run, more, o, o.id) !== null) return null;
  const mana = adjust(manaOf(more, 0));
  if ((mana.generic > 0 || mana.shards.length > 0) && !canPayMana(g, item.controller, mana, null, { spell: o })) return null;
  return more;
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
