/**
 * Alternative costs (CR 118.9): ways to cast a spell by paying something "rather than its mana
 * cost", each offered at priority as an action of its own (`cast Mulldrifter (evoke)`), and
 * casting without paying the mana cost, as an effect allows during a resolution (CR 608.2g). Only
 * one alternative cost applies to a spell (CR 118.9a); additional costs (a spell's own non-mana
 * `Cost$` parts, kicker, buyback) are paid on top (CR 601.2f), and cost changes apply to the
 * alternative cost (CR 118.9d). What was chosen is recorded on the spell (`way`) and on the card
 * while it is the spell or the permanent it became (`castWay`), where `Card.Self+evoked` and
 * `Card.Self+dashed` read it.
 *
 * The keywords: Evoke (CR 702.74, `Evoke:<cost>`), Dash (CR 702.109, `Dash:<cost>`), Surge (CR
 * 702.117), Prowl (CR 702.76, `Prowl:<cost>`), Spectacle (CR 702.137, `Spectacle:<cost>`) and the plain
 * `Alternative Cost:<cost>` a static gives cards in hand (CR 118.9: Fist of Suns); their
 * triggered and static parts are written by their keyword modules (src/mtg/cards/keywords/).
 * Emerge (CR 702.119, `Emerge:<cost>`) adds the sacrifice of a creature whose mana value reduces
 * the total cost (emerge.ts; paid in cast.ts).
 * Flashback (CR 702.34, `Flashback <cost>`) is an alternative cost offered from the graveyard.
 */
import { cardNamed, keywordOf, param, resolveNode, type NodeRef } from './cards.js';
import { conditionsHold } from './conditions.js';
import { opponent, type G } from './context.js';
import { chars } from './layers.js';
import { addCosts } from './optional-costs.js';
import { parseCost, type Cost } from './costs.js';
import type { GameObject, StackItem } from './types.js';
import type { Seat } from './choice.js';
import { registerPrimitive } from '../cards/index.js';

registerPrimitive('kw:Evoke');
registerPrimitive('kw:Dash');
registerPrimitive('kw:Surge');
registerPrimitive('kw:Prowl');
registerPrimitive('kw:Spectacle');
registerPrimitive('kw:Emerge');
registerPrimitive('kw:Alternative Cost');
registerPrimitive('kw:Madness');
registerPrimitive('kw:Miracle');
registerPrimitive('kw:Aftermath');
registerPrimitive('kw:Flashback');
registerPrimitive('kw:Retrace');
registerPrimitive('kw:Jump-start');
// `SVar:AltCost:Cost$ Sac<2/Mountain>` read as a value names `count:Cost` (altCostSvar below).
registerPrimitive('count:Cost');

/**
 * How a spell is cast beyond the ordinary way.
 * - `way`: the alternative cost's name as offers and logs show it (`evoke`, `dash`; `free` for
 *   "without paying its mana cost").
 * - `cost`: the alternative cost (a Forge cost) paid instead of the mana cost.
 * - `free`: without paying its mana cost (CR 118.9; X is 0, CR 107.3b).
 * - `during`: cast as an effect instructs during a resolution (CR 608.2g): the effect is the
 *   permission, so neither the timing nor the zone the card is in restricts it.
 * - `emerge`: the alternative cost is an emerge cost (CR 702.119a): a creature is sacrificed too,
 *   and its mana value reduces the total cost's generic part (emerge.ts).
 * - `fuse`: both halves of a split card with fuse (CR 702.102a, fuse.ts); `cost` is both halves'
 *   mana costs (702.102c), not an alternative cost.
 * - `copy`: a copy of the card is cast, not the card (CR 707.12: Isochron Scepter's "copy the
 *   exiled card ... cast the copy"); the card stays where it is.
 */
export type CastHow = { way?: string; cost?: string; free?: boolean; during?: boolean; emerge?: true; fuse?: true; copy?: true };

/** The alternative-cost keywords and the name of the way each one offers. */
const ALT_KEYWORDS: ReadonlyMap<string, string> = new Map([
  ['Evoke', 'evoke'],
  ['Dash', 'dash'],
  // Surge (CR 702.117a): only when its caster has cast another spell this turn (`surgeOpen`).
  ['Surge', 'surge'],
  // Prowl (CR 702.76a): only when a source of its caster's with one of its creature types dealt
  // combat damage to a player this turn (`prowlOpen`).
  ['Prowl', 'prowl'],
  // Spectacle (CR 702.137a): only when an opponent of its caster lost life this turn (`lifeLost`, this turn's tally).
  ['Spectacle', 'spectacle'],
  // Emerge (CR 702.119a): with a creature to sacrifice, whose mana value reduces the cost (emerge.ts).
  ['Emerge', 'emerge'],
  // `Alternative Cost:<cost>`, granted by statics that work on cards in hand (Fist of Suns' {W}{U}{B}{R}{G},
  // Raiding Party-like "if an opponent controls a Plains, you may cast this without paying its mana cost": `0`).
  ['Alternative Cost', 'alternative cost'],
]);

/**
 * The alternative costs the card's keywords offer for casting it from its owner's hand, in the
 * order the card writes them.
 * @example
 * ```ts
 * altWays(g, mulldrifter, 0); // [{ way: 'evoke', cost: '2 U' }]
 * ```
 */
export function altWays(g: G, o: GameObject, face: number): CastHow[] {
  // Only the face the keywords are read from (a split card's halves have their own costs).
  if (face !== 0) return NONE;
  let out: CastHow[] | null = null;
  for (const k of chars(g, o).keywords) {
    if (!altKeyword(k)) continue;
    const kw = keywordOf(k);
    const way = ALT_KEYWORDS.get(kw.name);
    let cost = kw.args[0]?.trim();
    // "You may pay {X} rather than pay the mana cost, where X is that spell's mana value" (Sensei Golden-Tail's Samurai).
    if (kw.name === 'Alternative Cost' && cost === 'ConvertedManaCost') cost = String(chars(g, o).cmc);
    if (way === 'surge' && !surgeOpen(g, o.owner)) continue;
    if (way === 'spectacle' && g.s.players[opponent(o.owner)].lifeLost === 0) continue;
    if (way === 'prowl' && !prowlOpen(g, o, o.owner)) continue;
    if (way === 'emerge' && cost) (out ??= []).push({ way, cost, emerge: true });
    else if (way !== undefined && cost) (out ??= []).push({ way, cost });
  }
  // The card's own static that gives it an alternative cost wherever it is (`Affected$ Card.Self |
  // EffectZone$ All | AddKeyword$ Alternative Cost:0` with its conditions: Massacre's "if an opponent
  // controls a Plains and you control a Swamp, you may cast it without paying its mana cost"; Land
  // Grant's reveal). The layers apply statics of permanents and command-zone objects only, so it is
  // read here, where the card is cast from its hand.
  for (const key of chars(g, o).statics) {
    const ref = resolveNode(g.registry, key);
    const added = ownAltCost(ref);
    if (added === undefined) continue;
    if (!conditionsHold({ g, you: o.owner, host: o.id, ref }, ref)) continue;
    const cost = added.slice('Alternative Cost:'.length).trim();
    if (cost) (out ??= []).push({ way: 'alternative cost', cost });
  }
  const printed = altCostSvar(g, o);
  if (printed !== undefined) (out ??= []).push({ way: 'alternative cost', cost: printed });
  return out ?? NONE;
}

/** Whether a keyword is one of the alternative costs (`Evoke:1 U`, `Alternative Cost:0`). */
function altKeyword(k: string): boolean {
  return ALT_KEYWORDS.has(k.slice(0, k.indexOf(':')));
}

/** A static's `AddKeyword$ Alternative Cost:<cost>` when it gives its own card that alternative cost wherever it is. */
function ownAltCost(ref: NodeRef): string | undefined {
  if (ref.node.head !== 'Continuous' || param(ref, 'Affected') !== 'Card.Self' || param(ref, 'EffectZone') !== 'All') return undefined;
  const added = param(ref, 'AddKeyword');
  return added?.startsWith('Alternative Cost:') ? added : undefined;
}

/**
 * Whether {@link altWays} can find any alternative cost for the card as it is (its keywords, its
 * own statics, its printed `AltCost`), whatever the game's state: false lets the offer check skip
 * asking. It reads only the card and its characteristics.
 *
 * @example
 * ```ts
 * mayHaveAltWays(g, mulldrifter); // true: evoke
 * ```
 */
export function mayHaveAltWays(g: G, o: GameObject): boolean {
  const c = chars(g, o);
  return c.keywords.some(altKeyword) || c.statics.some((key) => ownAltCost(resolveNode(g.registry, key)) !== undefined) || altCostSvar(g, o) !== undefined;
}

const NONE: CastHow[] = [];

/**
 * The alternative cost a card prints as `SVar:AltCost:Cost$ <cost>` (Fireblast's "You may sacrifice
 * two Mountains rather than pay this spell's mana cost", Gush, Thwart; CR 118.9), the value form. Written with conditions or another zone (`IsPresent$`, `CheckSVar$`,
 * `ActivationZone$`) it is not offered: those are not implemented, and offering it unconditionally
 * would be wrong.
 */
function altCostSvar(g: G, o: GameObject): string | undefined {
  const svars = cardNamed(g.registry, o.card)?.faces[0]?.svars;
  const entry = svars && Object.prototype.hasOwnProperty.call(svars, 'AltCost') ? svars['AltCost'] : undefined;
  if (!entry) return undefined;
  const text = entry.value ? `${entry.value.source}$${entry.value.body}` : entry.text;
  if (text === undefined) return undefined;
  let cost: string | undefined;
  for (const piece of text.split('|')) {
    const dollar = piece.indexOf('$');
    const key = piece.slice(0, dollar).trim();
    if (key === 'Cost') cost = piece.slice(dollar + 1).trim();
    // Written with a Description$ (Force of Will, Pulverize) it is not offered yet: the offers
    // reference check (test/mtg/engine/offers.test.ts) does not know alternative costs.
    else return undefined;
  }
  return cost || undefined;
}

/**
 * Prowl (CR 702.76a): "You may cast this spell for [cost] if you dealt combat damage to a player
 * this turn with a source that, at the time it dealt that damage, was under your control and had
 * any of this spell's creature types" (the turn's record, `turnFacts.prowl`). A changeling, the
 * spell or the source, shares every creature type (CR 702.73a).
 */
function prowlOpen(g: G, o: GameObject, seat: Seat): boolean {
  const dealt = g.s.turnFacts.prowl?.[seat];
  if (!dealt || dealt.length === 0) return false;
  const c = chars(g, o);
  if (c.keywords.includes('Changeling') || dealt.includes('Changeling')) return true;
  return c.subtypes.some((t) => dealt.includes(t));
}

/**
 * Surge (CR 702.117a): "You may cast this spell by paying [cost] rather than its mana cost if
 * you or one of your teammates has cast another spell this turn": the turn's record of spells
 * cast (as they were cast, their caster the controller then); this one is not cast yet when offered.
 */
function surgeOpen(g: G, seat: Seat): boolean {
  return (g.s.turnFacts.cast ?? []).some((l) => l.controller === seat);
}

/**
 * The ways a card's keywords let it be cast from its owner's graveyard. Flashback (CR 702.34a):
 * "You may cast this card from your graveyard if the resulting spell is an instant or sorcery
 * spell by paying [cost] rather than paying its mana cost": `Flashback <cost>`, or a bare
 * `Flashback` granted by an effect "equal to its mana cost" (Snapcaster Mage, Past in Flames).
 * Retrace (CR 702.81a) and jump-start (CR 702.133a) pay the mana cost and discard a land card or
 * any card on top: written here as that whole cost in place of the mana cost, which is the same
 * cost (CR 601.2f) but means neither combines with another alternative cost. That flashback and
 * jump-start spells are exiled whenever they would leave the stack is stackops.ts's
 * (`removeStackCard`).
 * @example
 * ```ts
 * flashbackWays(g, thinkTwice, 0); // [{ way: 'flashback', cost: '2 U' }]
 * ```
 */
export function flashbackWays(g: G, o: GameObject, face: number): CastHow[] {
  let out: CastHow[] | null = null;
  const c = chars(g, o);
  // Only an instant or sorcery spell (CR 702.34a).
  if (!c.cardTypes.includes('Instant') && !c.cardTypes.includes('Sorcery')) return NONE;
  const manaCost = cardNamed(g.registry, o.card)?.faces[face]?.manaCost ?? '';
  for (const k of c.keywords) {
    const kw = keywordOf(k);
    if (kw.name === 'Flashback') {
      const cost = kw.args[0]?.trim() || manaCost;
      if (cost !== '') (out ??= []).push({ way: 'flashback', cost });
    } else if (kw.name === 'Retrace') {
      // CR 702.81a: "by discarding a land card in addition to paying its other costs".
      (out ??= []).push({ way: 'retrace', cost: `${manaCost} Discard<1/Land/land card>`.trim() });
    } else if (kw.name === 'Jump-start') {
      // CR 702.133a: "by discarding a card in addition to paying its other costs. Then exile this card."
      (out ??= []).push({ way: 'jump-start', cost: `${manaCost} Discard<1/Card/card>`.trim() });
    }
  }
  return out ?? NONE;
}

/** The ways cast from a graveyard that exile the card whenever it would leave the stack (CR 702.34a, 702.133a). */
export const EXILED_FROM_STACK: ReadonlySet<string> = new Set(['flashback', 'jump-start']);

/**
 * How a keyword's own ability casts its card, when the node casting it is a keyword's (its
 * `origin`): Suspend's cast when the last time counter is removed is recorded as `suspend` (its
 * haste reads it); Madness's is for the card's madness cost (CR 702.35a, an alternative cost),
 * Miracle's for its miracle cost (CR 702.94a).
 * @example
 * ```ts
 * keywordCast(g, card, 'keyword:Madness'); // { way: 'madness', cost: 'R' } for Fiery Temper
 * ```
 */
export function keywordCast(g: G, o: GameObject, origin: string | undefined): CastHow | undefined {
  if (origin === 'keyword:Suspend') return { way: 'suspend' };
  // Miracle's trigger casts its card for the miracle cost (CR 702.94a, an alternative cost).
  const name = origin === 'keyword:Madness' ? 'Madness' : origin === 'keyword:Miracle' ? 'Miracle' : undefined;
  if (name === undefined) return undefined;
  for (const k of chars(g, o).keywords) {
    if (!k.startsWith(`${name}:`)) continue;
    const cost = keywordOf(k).args[0]?.trim();
    if (cost) return { way: name.toLowerCase(), cost };
  }
  return undefined;
}

/**
 * Whether an ability is a special action (CR 116.2f: suspending a card), taken at once without
 * using the stack: the hand ability Suspend's keyword module writes.
 * @example
 * ```ts
 * isSpecialAction(resolveNode(g.registry, 'Ancestral Vision|0|a|1')); // true
 * ```
 */
export function isSpecialAction(ref: NodeRef): boolean {
  return ref.node.origin === 'keyword:Suspend' && ref.node.record === 'AB';
}
const NO_COST: Cost = { mana: [], xCount: 0, parts: [] };

/**
 * The cost to cast a spell whose printed cost (its mana cost, or an `SP$`'s `Cost$` with its
 * additional parts) is `printed`, cast as `how` says: the mana part replaced by the alternative
 * cost, or by nothing when it is cast without paying its mana cost; the other parts kept.
 * @example
 * ```ts
 * castCost(parseCost('4 U'), { way: 'evoke', cost: '2 U' }); // the cost {2}{U}
 * ```
 */
export function castCost(printed: Cost, how: CastHow): Cost {
  if (!how.free && how.cost === undefined) return printed;
  const rest: Cost = printed.parts.length === 0 ? NO_COST : { mana: [], xCount: 0, parts: printed.parts };
  if (how.free) return rest;
  return addCosts(parseCost(how.cost), rest);
}

/**
 * Records on a spell being cast the way it is cast.
 * @example
 * ```ts
 * recordWay(item, { way: 'evoke', cost: '2 U' }); // item.way === 'evoke'
 * ```
 */
export function recordWay(item: StackItem, how: CastHow): void {
  const way = how.way ?? (how.free ? 'free' : undefined);
  if (way !== undefined) item.way = way;
}

/** Per registry: for each card name, which of its faces have aftermath. */
const aftermaths = new WeakMap<G['registry'], Map<string, readonly number[]>>();

/**
 * The faces of a card with aftermath (CR 702.127a): the half of a split card that is cast only
 * from its owner's graveyard and is exiled whenever it would leave the stack. Read once per card.
 * @example
 * ```ts
 * aftermathFaces(g, cutRibbons); // [1]: Ribbons
 * ```
 */
export function aftermathFaces(g: G, o: GameObject): readonly number[] {
  let byName = aftermaths.get(g.registry);
  if (!byName) aftermaths.set(g.registry, (byName = new Map()));
  let faces = byName.get(o.card);
  if (!faces) {
    const found: number[] = [];
    (cardNamed(g.registry, o.card)?.faces ?? []).forEach((f, i) => f.keywords.some((k) => k.name === 'Aftermath') && found.push(i));
    byName.set(o.card, (faces = found.length === 0 ? NO_FACES : found));
  }
  return faces;
}

const NO_FACES: readonly number[] = [];
