/**
 * What a player may do with priority, and doing it: playing a land (CR 305), casting a spell
 * (CR 601.2), activating an ability (CR 602), and putting triggered abilities on the stack
 * (CR 603.3). Every offer is checked in full before it is offered (timing, restrictions, legal
 * targets, payable costs), so an action taken is never rolled back; and every card or ability
 * not offered gets the first reason it failed, for "why can't I cast this?".
 */
import { landPlays } from './land-plays.js';
import { ignoresManaType, mayPlayCards } from './may-play.js';
import { abilityActivatedEvents, castTriggerSources, spellCastEvents, triggerTargetEvents } from './cast-events.js';
import type { Seat, Unavailable, WhyNot } from './choice.js';
import { ask, cardRef, type Gen, type Opt } from './ask.js';
import { cardNamed, isPermanentChars, keywordOf, param, resolveNode, svarNode, svarText, type NodeRef } from './cards.js';
import { derived, invariant, maybeObj, newId, touch, touchMoved, touchQuiet, type G, type KeptOffers, type Run } from './context.js';
import { chars, hasKeyword } from './layers.js';
import { isManaAbility, type ManaCost } from './mana.js';
import { canPayMana, chooseX, manaOf, maxX, nonManaBlocker, nonManaMaxX, nodeCost, parseCost, payMana, payNonMana, type Cost, type ManaUse } from './costs.js';
import { activateManaAbility, setStaticTriggerRunner } from './manaflow.js';
import { noteManaGrants } from './mana-grants.js';
import { activeStatics, activeStaticsWith, type ActiveStatic } from './statics.js';
import { abilityPlan, cardPlan, chainPlan, type AbilityPlan, type CardPlan, type SpellPlan } from './activation.js';
import { matchesCard, matchesPlayer, seen } from './select.js';
import { chooseTargets, describeTargets, hasCandidates, targetSpec } from './targets.js';
import { effectKnown, itemChain, resolveTop, runAbility } from './resolve.js';
import { fuseWay, fusedRight } from './fuse.js';
import { activationStopped } from './activation-stops.js';
import { announceSplice, splicedText } from './splice.js';
import { emptyItem, PERMANENT_SPELL } from './stackitem.js';
import { announceEntwine, announceOptionalCosts, escalated, withAlternateAdditional } from './optional-costs.js';
import { aftermathFaces, altWays, castCost, flashbackWays, isSpecialAction, mayHaveAltWays, recordWay, type CastHow } from './alt-costs.js';
import { canPayWithConvoke, canPayWithImprovise, hasConvoke, hasImprovise, payConvoke, payImprovise } from './convoke.js';
import { canPayWithDelve, hasDelve, payDelve } from './delve.js';
import { miracleRevealed } from './miracle.js';
import { bestEmergeReduction, chooseEmergeSacrifice, lessGeneric } from './emerge.js';
export { PERMANENT_SPELL };
import { evalNumber } from './values.js';
import { conditionsHold } from './conditions.js';
import { changeZone, lkiOf, sacrifice } from './actions.js';
import { listening, raise, triggerSource, zoneListMatches } from './triggers.js';
import { moveObject, ZONE_NAMES } from './zones.js';
import { underSplitSecond } from './split-second.js';
import type { Chars, GameObject, ManaUnit, PendingTrigger, StackItem } from './types.js';
import { FACE_DOWN_COST, FACE_DOWN_SPELL, morphCard, morphOf, turnFaceUp, waysUp } from './face-down.js';
import { FACE_DOWN_NAME } from './zones.js';
import { registerPrimitive, declareParamReads } from '../cards/index.js';
import { globalRule } from './global-rules.js';

/** Cast without paying its mana cost, as a `MayPlayWithoutManaCost$` static allows (may-play.ts). */
const FREE: CastHow = { way: 'free', free: true };

/** One action a player may take with priority. */
export type Offer =
  | { kind: 'land'; card: GameObject }
  | { kind: 'cast'; card: GameObject; face: number; spell: string; how?: CastHow }
  | { kind: 'activate'; card: GameObject; key: string; index: number; mana: boolean }
  /** A special action (CR 116.2b): turning a face-down permanent face up, `way` of its `waysUp`. */
  | { kind: 'special'; card: GameObject; way: number };

registerPrimitive('stat:CantBeCast', { reads: ['ValidCard', 'Caster', 'EffectZone', 'Origin'] });
registerPrimitive('stat:CantPlayLand', { reads: ['Player', 'ValidCard'] });
registerPrimitive('stat:RaiseCost', { reads: ['ValidCard', 'Type', 'Amount', 'Activator', 'EffectZone'] });
registerPrimitive('stat:ReduceCost', { reads: ['ValidCard', 'Type', 'Amount', 'Activator', 'EffectZone', 'Relative'] });
registerPrimitive('stat:CantBeActivated', { reads: ['ValidCard', 'Activator', 'NonMana', 'AffectedZone'] });
// Strive (an ability word, CR 207.2c; Forge's keyword `Strive:<cost>`): read where the total cost is found (striven).
registerPrimitive('kw:Strive');
// Spending mana as though it were mana of any type (CR 609.4b): anyTypeCost.
registerPrimitive('kw:May spend mana as though it were mana of any type to cast CARDNAME');
declareParamReads(
  'engine:activation',
  [
    'Cost',
    'SorcerySpeed',
    'ActivationPhases',
    'PlayerTurn',
    'OpponentTurn',
    'ActivationLimit',
    'ActivationZone',
    'SpellDescription',
    'StackDescription',
    'CharmNum',
    'MinCharmNum',
    'Choices',
    'CanRepeatModes',
    'Planeswalker',
    'AnyPlayer',
    'NonBasicSpell',
  ],
  ['ability'],
);
// `Announce$ X` (CR 601.2b): a mana X is announced with the other choices (chooseX); an X only in
// the other costs with `Count$XChoice` too (announcesX); a bare `XChoice` as the cost is paid;
// an X in a cost's type (Kozilek's `Discard<1/Card.cmcEQX>`) is the target's value, chosen first.
// `Multikicker` is announced with the optional costs.
declareParamReads('engine:announce', ['Announce'], ['ability']);

function sorceryTiming(g: G, seat: Seat): boolean {
  return g.s.active === seat && (g.s.step === 'main1' || g.s.step === 'main2') && g.s.stack.length === 0;
}

/**
 * The active statics the offer checks read, each fetched at its first use (so in the order, and
 * at the moment, the checks first need it) and then kept for the rest of one computeOffers call:
 * the state does not change while the offers are found.
 */
class OfferStatics {
  private raise?: ActiveStatic[];
  private reduce?: ActiveStatic[];
  private cast?: ActiveStatic[];
  private activate?: ActiveStatic[];
  private flash?: ActiveStatic[];
  constructor(readonly g: G) {}
  raiseCost(): ActiveStatic[] {
    return (this.raise ??= activeStatics(this.g, 'RaiseCost', true));
  }
  reduceCost(): ActiveStatic[] {
    return (this.reduce ??= activeStatics(this.g, 'ReduceCost', true));
  }
  cantBeCast(): ActiveStatic[] {
    return (this.cast ??= activeStatics(this.g, 'CantBeCast', true));
  }
  cantBeActivated(): ActiveStatic[] {
    return (this.activate ??= activeStatics(this.g, 'CantBeActivated'));
  }
  /** The continuous statics that let spells be cast as though they had flash (`WithFlash$`). */
  withFlash(): ActiveStatic[] {
    return (this.flash ??= activeStaticsWith(this.g, 'Continuous', 'WithFlash', true));
  }
}

/** Spell abilities a face can be cast with: its `SP$` nodes, or the plain permanent spell. */
function spellPlans(g: G, o: GameObject, face: number, card: CardPlan = cardPlan(g, o.card)): readonly SpellPlan[] {
  const f = card.plans[face]!;
  if (f.spells.length > 0) return f.spells;
  return isPermanentChars(chars(g, o)) ? f.asPermanent : NO_SPELLS;
}

const NO_SPELLS: readonly SpellPlan[] = [];

/** A `RaiseCost`/`ReduceCost` static's parameters, read once per node. */
type CostChange = {
  type: string;
  validCard: string | undefined;
  activator: string | undefined;
  /** `Amount$` when it is a number (most are); null when it must be evaluated. */
  amount: number | null;
  amountText: string;
  /** A `RaiseCost` static's `Cost$` (mana it adds instead of a generic amount). */
  extra: ManaCost | null;
  /**
   * `Relative$ True`: the amount depends on the spell's targets (Savage Stomp's "if it targets a
   * Dinosaur you control"), so before they are chosen it is the most it can be (`Count$Compare
   * … .A.B` gives A or B), and the offer holds when some choice of targets makes the spell
   * payable; the cost is then found with the targets chosen (CR 601.2f), and an announcement it
   * can't pay is undone (CR 732).
   */
  relativeMost: number | null;
};
const costChanges = new WeakMap<NodeRef, CostChange>();
const LITERAL = /^[+-]?\d+$/;

function costChange(ref: NodeRef): CostChange {
  let ch = costChanges.get(ref);
  if (ch) return ch;
  const amountText = param(ref, 'Amount') ?? '1';
  const cost = param(ref, 'Cost');
  ch = {
    type: param(ref, 'Type') ?? 'Spell',
    validCard: param(ref, 'ValidCard'),
    activator: param(ref, 'Activator'),
    // A literal reads nothing of the game (evalNumber's first case), so it is read here once.
    amount: LITERAL.test(amountText.trim()) ? Math.max(0, Number(amountText.trim())) : null,
    amountText,
    extra: cost ? manaOf(parseCost(cost), 0) : null,
    relativeMost: param(ref, 'Relative') === 'True' ? relativeMost(ref, amountText) : null,
  };
  costChanges.set(ref, ch);
  return ch;
}

/** Vizier of the Menagerie's grant to creature spells (CR 609.4b). */
const ANY_TYPE = 'May spend mana as though it were mana of any type to cast CARDNAME';

/**
 * Whether `seat` may spend mana as though it were mana of any type to cast `o` (CR 609.4b): Vizier
 * of the Menagerie's grant, or a permission to cast it that says so (Hostage Taker, may-play.ts).
 */
function spendsAnyType(g: G, seat: Seat, o: GameObject): boolean {
  return chars(g, o).keywords.includes(ANY_TYPE) || ignoresManaType(g, seat, o);
}

/**
 * A spell's mana cost when its mana may be spent as though it were mana of any type (CR 609.4b:
 * Vizier of the Menagerie): each coloured, colourless and hybrid symbol can be paid by any one
 * mana, as a generic one is. A Phyrexian symbol keeps its own (its colour, or 2 life).
 */
function anyTypeCost(base: ManaCost): ManaCost {
  if (!base.shards.some((sh) => sh.t !== 'phyrexian')) return base;
  const shards = base.shards.filter((sh) => sh.t === 'phyrexian');
  return { generic: base.generic + base.shards.length - shards.length, shards };
}

/** The most a `Relative$` amount can be: a `Count$Compare` gives one of its two results. */
function relativeMost(ref: NodeRef, amountText: string): number | null {
  const body = (svarText(ref, amountText.trim()) ?? amountText).trim();
  const m = /^Count\$Compare \S+ [A-Z]{2}-?\d+\.(-?\d+)\.(-?\d+)$/.exec(body);
  return m ? Math.max(0, Number(m[1]), Number(m[2])) : null;
}

/** The total cost of a spell or ability after cost-changing statics (CR 601.2f). */
function adjustedCost(
  g: G,
  seat: Seat,
  subject: GameObject,
  base: ManaCost,
  kind: 'Spell' | 'Ability',
  item: StackItem | null,
  statics: OfferStatics = new OfferStatics(g),
): ManaCost {
  // Mana of any type pays the cost as it is after the changes (a reduction still takes off only
  // generic mana, CR 601.2f), so the symbols become generic last.
  const anyType = kind === 'Spell' && spendsAnyType(g, seat, subject);
  const raise = statics.raiseCost();
  // Nothing changes costs (the usual case): the cost itself (costs are never changed by their users).
  if (raise.length === 0 && statics.reduceCost().length === 0) return anyType ? anyTypeCost(base) : base;
  let generic = base.generic;
  const shards = [...base.shards];
  for (const mode of ['RaiseCost', 'ReduceCost'] as const) {
    for (const s of mode === 'RaiseCost' ? raise : statics.reduceCost()) {
      const ch = costChange(s.ref);
      if (ch.type !== kind && !(ch.type === 'NonManaAbility' && kind === 'Ability')) continue;
      if (ch.validCard !== undefined && !matchesCard(s.run, ch.validCard, seen(s.run, subject))) continue;
      if (ch.activator !== undefined && !matchesPlayer(s.run, ch.activator, seat)) continue;
      const amount =
        ch.amount ?? (item === null && ch.relativeMost !== null ? ch.relativeMost : Math.max(0, evalNumber(item ? { ...s.run, item } : s.run, ch.amountText)));
      if (mode === 'RaiseCost') {
        if (ch.extra) {
          generic += ch.extra.generic;
          shards.push(...ch.extra.shards);
        } else generic += amount;
      } else generic = Math.max(0, generic - amount);
    }
  }
  return anyType ? anyTypeCost({ generic, shards }) : { generic, shards };
}

function cantBeCast(statics: OfferStatics, seat: Seat, o: GameObject): boolean {
  for (const s of statics.cantBeCast()) {
    const vc = param(s.ref, 'ValidCard');
    if (vc !== undefined && !matchesCard(s.run, vc, seen(s.run, o))) continue;
    const caster = param(s.ref, 'Caster');
    if (caster !== undefined && !matchesPlayer(s.run, caster, seat)) continue;
    // `Origin$`: only spells cast from those zones (Ashes of the Abhorrent's "from graveyards").
    if (!zoneListMatches(param(s.ref, 'Origin'), o.zone)) continue;
    return true;
  }
  return false;
}

function cantPlayLand(g: G, seat: Seat): boolean {
  for (const s of activeStatics(g, 'CantPlayLand')) {
    const who = param(s.ref, 'Player');
    if (who === undefined || matchesPlayer(s.run, who, seat)) return true;
  }
  return false;
}

/**
 * Why a chain cannot be put on the stack for want of targets or support, or null: for `you`'s
 * spell or ability of `host` (an announced `item`, while modes are chosen).
 */
function chainBlocker(g: G, you: Seat, host: number, item: StackItem | undefined, root: NodeRef): WhyNot | null {
  const { chain, links } = chainPlan(g, root);
  for (let p = 0; p < links.length; p++) {
    const link = links[p]!;
    if (link.head !== '' && link.head !== 'Charm' && !effectKnown(link.head)) return 'unsupported';
    if (link.charm) {
      // Every mode is checked (not only until enough are found): the same questions as always.
      let ok = 0;
      for (const m of link.charm.modes) if (chainBlocker(g, you, host, item, m) === null) ok++;
      if (ok < link.charm.need) return 'no-target';
      continue;
    }
    if (!link.targets) continue;
    // Written out rather than spread from a run: this is the offer check's hottest allocation.
    const ref = link.ref;
    const r: Run = item ? { g, you, host, item, ref, pos: p, chain } : { g, you, host, ref, pos: p, chain };
    const spec = targetSpec(r, link.ref);
    // The spell being cast is on the stack as its modes are chosen, and is no target of its own
    // (CR 115.5): Hydroblast's "counter target spell" with nothing else on the stack is no mode.
    if (spec && spec.min > 0 && !hasCandidates(g, r, spec, item ?? null, spec.min)) return 'no-target';
  }
  return null;
}

function costBlocker(
  g: G,
  run: Run,
  cost: Cost,
  mana: ManaCost,
  host: GameObject | undefined,
  exclude: number | null,
  spellCard: number | null,
  use?: ManaUse,
): WhyNot | null {
  if (cost.parts.length > 0) {
    const non = nonManaBlocker(g, run, cost, host, spellCard);
    if (non) return non;
  }
  if (cost.xCount > 0) {
    const base = manaOf(cost, 0);
    if (maxX(g, run.you, cost, { generic: mana.generic - base.generic, shards: mana.shards.slice(base.shards.length) }, 20, exclude, use) < 0) return 'no-mana';
    return null;
  }
  if ((mana.generic > 0 || mana.shards.length > 0) && !canPayMana(g, run.you, mana, exclude, use)) {
    const spell = spellCard === null ? undefined : maybeObj(g, spellCard);
    const convoked = spell !== undefined && hasConvoke(g, spell) && canPayWithConvoke(g, run.you, mana, spell);
    const delved = spell !== undefined && hasDelve(g, spell) && canPayWithDelve(g, run.you, mana);
    const improvised = spell !== undefined && hasImprovise(g, spell) && canPayWithImprovise(g, run.you, mana, spell);
    if (!convoked && !delved && !improvised) return 'no-mana';
  }
  return null;
}

/** Whether a land can be played now, or why not (CR 305.1–305.2). */
function landBlocker(g: G, seat: Seat): WhyNot | null {
  if (!sorceryTiming(g, seat)) return 'timing';
  if (g.s.players[seat].landsPlayed >= landPlays(g, seat)) return 'land-drop';
  if (cantPlayLand(g, seat)) return 'condition';
  return null;
}

/**
 * What one computeOffers call knows once: the seat, its timing, the statics it has read; and
 * whether it read the step other than through `sorcery` (an `ActivationPhases$` restriction).
 */
type Scan = {
  g: G;
  seat: Seat;
  sorcery: boolean;
  statics: OfferStatics;
  phases: boolean;
  /**
   * Whether the first failing check is wanted (the "why not" reasons): the checks are asked in
   * the rules' order. Without it only whether all pass matters, and the cost, which is
   * remembered per state, is asked before the search for targets.
   */
  explain: boolean;
};

/** Facts about one card in hand that every one of its spells asks, found at the first ask. */
type HandCard = { o: GameObject; c: Chars; flash?: boolean; cantCast?: boolean };

/**
 * Why a spell cannot be cast now, or null. `how` casts it another way (an alternative cost, CR
 * 118.9; during a resolution, CR 608.2g, where the effect gives the permission: no timing, and
 * from whatever zone the card is in).
 */
function castBlocker(scan: Scan, h: HandCard, spell: SpellPlan, how?: CastHow): WhyNot | null {
  const { g, seat } = scan;
  const o = h.o;
  const ref = spell.ref;
  const during = how?.during === true;
  const cost = how ? castCost(spell.cost, how) : spell.cost;
  const base = how ? manaOf(cost, 0) : spell.mana;
  if (!ref) {
    if (!during && !scan.sorcery && !(h.flash ??= hasFlash(scan, o))) return 'timing';
    if ((h.cantCast ??= cantBeCast(scan.statics, seat, o))) return 'condition';
    return spellCostBlocker(scan, o, { g, you: seat, host: o.id }, cost, base, how);
  }
  if (!scan.sorcery && !during && !h.c.cardTypes.includes('Instant') && !(h.flash ??= hasFlash(scan, o))) return 'timing';
  if (!spell.fromHand && !during) return 'condition';
  // A spell's own timing restriction (CR 601.3: a rule or effect that allows or forbids casting
  // it at some moment; Gorilla War Cry's "only during combat before blockers are declared").
  if (spell.phases && !during) {
    scan.phases = true;
    if (!spell.phases[g.s.step]) return 'timing';
  }
  if ((h.cantCast ??= cantBeCast(scan.statics, seat, o))) return 'condition';
  const run: Run = { g, you: seat, host: o.id, ref };
  if (spell.conditional && !conditionsHold(run, ref)) return 'condition';
  // A fused split spell has both halves' types (CR 702.102b) and both halves' targets (601.2c).
  const right = how?.fuse ? fusedRight(g, ref) : undefined;
  if (right && !scan.sorcery && !right.face.types.cardTypes.includes('Instant') && !(h.flash ??= hasFlash(scan, o))) return 'timing';
  const chainWhy = (): WhyNot | null => chainBlocker(g, seat, o.id, undefined, ref) ?? (right ? chainBlocker(g, seat, o.id, undefined, right) : null);
  if (!scan.explain) return spellCostBlocker(scan, o, run, cost, base, how) ?? chainWhy();
  const blocked = chainWhy();
  if (blocked) return blocked;
  return spellCostBlocker(scan, o, run, cost, base, how);
}

/**
 * Why a spell's cost cannot be paid, or null: its cost (mana `base` before cost changes), or, for
 * a card with "[A] or [B]" as an additional cost (CR 601.2b, 601.2f), the cost with one of them:
 * offered when some form can be paid. Cast for an emerge cost (CR 702.119a), a creature to
 * sacrifice is part of the cost (`condition` without one), and the total cost is reduced by the
 * greatest mana value among them (any smaller reduction is payable only if that one is).
 */
function spellCostBlocker(scan: Scan, o: GameObject, run: Run, cost: Cost, base: ManaCost, how?: CastHow): WhyNot | null {
  const { g, seat } = scan;
  let less = 0;
  if (how?.emerge) {
    const best = bestEmergeReduction(g, seat);
    if (best === null) return 'condition';
    less = best;
  }
  const forms = withAlternateAdditional(g, o, cost);
  let why: WhyNot | null = null;
  for (const c of forms) {
    const extra = c === cost ? base : addMana(base, manaOf(c, 0), manaOf(cost, 0));
    const total = lessGeneric(adjustedCost(g, seat, o, extra, 'Spell', null, scan.statics), less);
    why = costBlocker(g, run, c, total, o, null, o.id, { spell: o });
    if (why === null) return null;
  }
  return why;
}

/** `base` with the mana `more` has beyond `less` (the mana an added cost brings). */
function addMana(base: ManaCost, more: ManaCost, less: ManaCost): ManaCost {
  return { generic: base.generic + more.generic - less.generic, shards: [...base.shards, ...more.shards.slice(less.shards.length)] };
}

/**
 * The ways `seat` may cast card `o` as an effect allows it during a resolution (CR 608.2g):
 * each castable face and spell with the cost `how` says (without paying its mana cost, CR
 * 118.9), whatever the zone and the timing. The checks are the offers' own, so a way returned
 * can be completed.
 * @example
 * ```ts
 * castableWays(g, 0, card, { during: true, free: true }); // [{ face: 0, spell: '#permanent' }]
 * ```
 */
export function castableWays(g: G, seat: Seat, o: GameObject, how: CastHow): Array<{ face: number; spell: string }> {
  const scan: Scan = { g, seat, sorcery: true, statics: new OfferStatics(g), phases: false, explain: false };
  const h: HandCard = { o, c: chars(g, o) };
  const card = cardPlan(g, o.card);
  const out: Array<{ face: number; spell: string }> = [];
  for (const face of card.faces)
    for (const spell of spellPlans(g, o, face, card))
      if (!altCostSpell(spell) && castBlocker(scan, h, spell, how) === null) out.push({ face, spell: spell.key });
  return out;
}

/**
 * Strive: "This spell costs [cost] more to cast for each target beyond the first" (Forge's
 * `Strive:<cost>`), a cost increase counted once the targets are chosen (CR 601.2c) as the total
 * cost is determined (CR 601.2f), before cost reductions apply to the total. Every target of the
 * spell counts, in all of its parts. The offer checks only the cost with one target; a total that
 * cannot be paid undoes the cast (CR 732), as Fireball's does.
 */
function striven(g: G, o: GameObject, item: StackItem, mana: ManaCost): ManaCost {
  let out = mana;
  for (const k of chars(g, o).keywords) {
    if (!k.startsWith('Strive:')) continue;
    const extra = manaOf(parseCost(keywordOf(k).args[0] ?? '0'), 0);
    const beyond = Math.max(0, item.targets.reduce((n, list) => n + (list?.length ?? 0), 0) - 1);
    for (let i = 0; i < beyond; i++) out = { generic: out.generic + extra.generic, shards: [...out.shards, ...extra.shards] };
  }
  return out;
}

/**
 * A spell ability that is itself cast for an alternative cost: an awakened spell (CR 702.113a,
 * written by keywords/awaken.ts with the awaken cost for its cost), a bestowed one (CR 702.103a,
 * keywords/bestow.ts), an overloaded one (`NonBasicSpell$`). No other alternative cost, nor
 * "without paying its mana cost", combines with it (CR 118.9a).
 */
function altCostSpell(spell: SpellPlan): boolean {
  const origin = spell.ref?.node.origin;
  // Forge writes an overload spell (CR 702.96a: "you may cast this spell for its overload cost")
  // as a spell of its own marked `NonBasicSpell$ True`: its cost is an alternative cost too.
  return origin === 'keyword:Awaken' || origin === BESTOW || (spell.ref != null && param(spell.ref, 'NonBasicSpell') === 'True');
}

/** The origin of a bestowed Aura spell ability (keywords/bestow.ts, CR 702.103a). */
const BESTOW = 'keyword:Bestow';

/**
 * Casts card `o` during a resolution (CR 608.2g): the spell goes on the stack above the resolving
 * one and no player receives priority now. False when it could not be cast after all.
 * @example
 * ```ts
 * yield* castDuringResolution(g, 0, card, 0, '#permanent', { during: true, free: true });
 * ```
 */
export function castDuringResolution(g: G, seat: Seat, o: GameObject, face: number, spell: string, how: CastHow): Gen<boolean> {
  return castSpell(g, seat, o, face, spell, how);
}

const FACE_DOWN = parseCost(FACE_DOWN_COST);

/**
 * Whether a card with morph can be cast face down now (CR 702.37c, 708.4): as the face-down 2/2
 * it becomes, which has no flash, so at sorcery speed, for {3} and what changes spell costs.
 */
function faceDownBlocker(scan: Scan, h: HandCard): WhyNot | null {
  const { g, seat } = scan;
  if (!scan.sorcery) return 'timing';
  if ((h.cantCast ??= cantBeCast(scan.statics, seat, h.o))) return 'condition';
  const mana = adjustedCost(g, seat, h.o, manaOf(FACE_DOWN, 0), 'Spell', null, scan.statics);
  return costBlocker(g, { g, you: seat, host: h.o.id }, FACE_DOWN, mana, h.o, null, h.o.id, { spell: h.o });
}

/** Whether the face has no mana cost at all (`ManaCost:no cost`: Ancestral Vision, Lotus Bloom), which is not the cost {0}. */
function noManaCost(g: G, o: GameObject, face: number): boolean {
  const f = cardNamed(g.registry, o.card)!.faces[face];
  return f !== undefined && f.manaCost === null;
}

function faceCost(g: G, o: GameObject, face: number): string {
  return cardNamed(g.registry, o.card)!.faces[face]?.manaCost ?? '';
}

/**
 * Whether the player may cast the card at instant speed: it has flash, or a static lets it be
 * cast "as though it had flash" (CR 702.8a; `WithFlash$ You` on a `Continuous` static whose
 * `Affected$` matches the card in a zone its `AffectedZone$` names: Vedalken Orrery, Dragon Grip
 * from its owner's hand, Alchemist's Refuge's effect).
 */
function hasFlash(scan: Scan, o: GameObject): boolean {
  const { g, seat } = scan;
  if (hasKeyword(g, o, 'Flash')) return true;
  for (const s of scan.statics.withFlash()) {
    if (!matchesPlayer(s.run, param(s.ref, 'WithFlash')!, seat)) continue;
    const zones = param(s.ref, 'AffectedZone');
    if (zones !== undefined && !zones.split(',').some((z) => z.trim() === ZONE_NAMES[o.zone])) continue;
    const affected = param(s.ref, 'Affected');
    if (affected === undefined || matchesCard(s.run, affected, seen(s.run, o))) return true;
  }
  return false;
}

/**
 * Facts about one object that every one of its abilities asks, found at the first ask: whether its
 * activated abilities are stopped, its mana abilities (`blockedMana`) and the others (`blocked`).
 */
type Host = { o: GameObject; c: Chars; blocked?: WhyNot | null; blockedMana?: WhyNot | null };

/** Whether the object's activated abilities (its mana abilities, for `mana`) cannot be activated (activation-stops.ts). */
function activationBlocked(scan: Scan, h: Host, mana: boolean): WhyNot | null {
  return activationStopped(scan.seat, h.o, h.c, mana, scan.statics.cantBeActivated()) ? 'condition' : null;
}

/** Whether a loyalty ability of the planeswalker was activated this turn (CR 606.3). */
function loyaltyUsed(g: G, o: GameObject): boolean {
  for (const k in o.activations) if ((o.activations[k] ?? 0) > 0 && abilityPlan(g, k).planeswalker) return true;
  return false;
}

function abilityBlocker(scan: Scan, h: Host, plan: AbilityPlan, key: string): WhyNot | null {
  const { g, seat } = scan;
  const o = h.o;
  if (!plan.ab) return 'condition';
  // When only legality matters (not the first failing check), a tapped permanent's {T} ability
  // is refused at once: most abilities checked late in a turn are those of tapped lands.
  if (plan.taps && o.tapped && !scan.explain) return 'tapped';
  if (plan.zone !== ZONE_NAMES[o.zone]) return 'condition';
  const blocked = plan.isMana
    ? h.blockedMana === undefined
      ? (h.blockedMana = activationBlocked(scan, h, true))
      : h.blockedMana
    : h.blocked === undefined
      ? (h.blocked = activationBlocked(scan, h, false))
      : h.blocked;
  if (blocked) return blocked;
  // Stabilizer's rule change: "players can't cycle cards" (CR 702.29).
  if (plan.zone === 'Hand' && param(plan.ref, 'Cycling') === 'True' && globalRule(g, 'noCycling')) return 'condition';
  if (plan.sorcery && !scan.sorcery) return 'timing';
  // Loyalty abilities: sorcery speed, and one per planeswalker per turn (CR 606.3).
  if (plan.planeswalker) {
    if (!scan.sorcery) return 'timing';
    if (loyaltyUsed(g, o)) return 'condition';
  }
  if (plan.phases) {
    scan.phases = true;
    if (!plan.phases[g.s.step]) return 'timing';
  }
  if (plan.playerTurn && g.s.active !== seat) return 'timing';
  if (plan.opponentTurn && g.s.active === seat) return 'timing';
  if (plan.limit !== null && (o.activations[key] ?? 0) >= plan.limit) return 'condition';
  const ref = plan.ref;
  const run: Run = { g, you: seat, host: o.id, ref };
  if (plan.conditional && !conditionsHold(run, ref)) return 'condition';
  if (plan.isMana) return costBlocker(g, run, plan.cost, plan.mana, o, o.id, null, { ability: o });
  if (!scan.explain) {
    const mana = adjustedCost(g, seat, o, plan.mana, 'Ability', null, scan.statics);
    return costBlocker(g, run, plan.cost, mana, o, plan.tapsSelf ? o.id : null, null, { ability: o }) ?? chainBlocker(g, seat, o.id, undefined, ref);
  }
  const chained = chainBlocker(g, seat, o.id, undefined, ref);
  if (chained) return chained;
  const mana = adjustedCost(g, seat, o, plan.mana, 'Ability', null, scan.statics);
  return costBlocker(g, run, plan.cost, mana, o, plan.tapsSelf ? o.id : null, null, { ability: o });
}

/**
 * Everything `seat` may do with priority now, and every card or ability it may not, with why.
 *
 * @example
 * ```ts
 * offers(g, 0).offers.map((o) => o.kind); // ['land', 'activate', 'cast']
 * ```
 */
export function offers(g: G, seat: Seat, explain = false): { offers: Offer[]; unavailable: Unavailable[] } {
  return derived(g, OFFER_KEYS[seat][explain ? 1 : 0], () => keptOrFound(g, seat, explain));
}

/** How often offers were found and how often kept across a step beginning (for tests and the bench). */
export const offerStats = { found: 0, kept: 0 };

/**
 * A digest of the counts the offers read that a change could leave without a touch: life, mana
 * in pools (they empty at a step's end without one, CR 500.4), lands played, the stack, the
 * zones' sizes, combat. A kept offer list is used only while it matches, as a second guard
 * beside the version.
 */
function digest(g: G): number {
  const s = g.s;
  let h = s.stack.length * 31 + (s.combat === null ? 0 : 1);
  for (const p of s.players) h = (((h * 31 + p.life) | 0) * 31 + p.pool.length * 7 + p.landsPlayed) | 0;
  for (const z of DIGEST_ZONES) h = (h * 31 + s.zones[z]!.length) | 0;
  return h;
}

const DIGEST_ZONES = ['hand-0', 'hand-1', 'battlefield', 'graveyard-0', 'graveyard-1', 'exile', 'command', 'library-0', 'library-1'] as const;

/**
 * The offers of the last computation for this seat when only the step changed since (a step
 * beginning, `touchStep`), the timing checks answer as they did, characteristics are still
 * valid and nothing it read looked at the step otherwise (an `ActivationPhases$` restriction, a
 * selector asking whether blockers were declared); else found afresh. Most priority decisions
 * come after both players passed in the step before, with nothing else changed. Strict games
 * check every kept list against a fresh one.
 */
function keptOrFound(g: G, seat: Seat, explain: boolean): { offers: Offer[]; unavailable: Unavailable[] } {
  const sorcery = sorceryTiming(g, seat);
  const slot = seat * 2 + (explain ? 1 : 0);
  const kept = g.cache.offersKept?.[slot];
  const print = digest(g);
  if (kept && kept.sorcery === sorcery && kept.at >= (g.cache.changed ?? 0) && g.cache.charsValid === true && kept.print === print) {
    if (g.config.strict) verifyKept(g, seat, kept);
    offerStats.kept++;
    return kept.result;
  }
  offerStats.found++;
  const scan: Scan = { g, seat, sorcery, statics: new OfferStatics(g), phases: false, explain };
  const result = computeOffers(scan, explain);
  const keep = !scan.phases && g.cache.stepReadAt !== g.version;
  (g.cache.offersKept ??= [])[slot] = keep ? { at: g.version, explain, sorcery, print, result } : undefined;
  return result;
}

/** Strict games: a kept offer list must be the one a fresh computation finds (`mtg/invariant` otherwise). */
function verifyKept(g: G, seat: Seat, kept: KeptOffers): void {
  const unsupportedBefore = g.unsupported.size;
  const fresh = computeOffers({ g, seat, sorcery: kept.sorcery, statics: new OfferStatics(g), phases: false, explain: kept.explain }, kept.explain);
  // The check's own computation is not one of the game's.
  if (g.unsupported.size !== unsupportedBefore) for (const w of [...g.unsupported].slice(unsupportedBefore)) g.unsupported.delete(w);
  const text = (r: KeptOffers['result']): string => JSON.stringify([r.offers.map((o) => ({ ...o, card: o.card.id })), r.unavailable]);
  if (text(fresh) !== text(kept.result)) {
    invariant(
      g,
      `offers kept for p${seat + 1} across a step beginning (found at version ${kept.at}, now ${g.version}) are stale: kept ${text(kept.result)}, now ${text(fresh)}; something the offers read changed without a touch, or read the step without readsStep()`,
    );
  }
}

const OFFER_KEYS = [
  ['offers:0:false', 'offers:0:true'],
  ['offers:1:false', 'offers:1:true'],
] as const;
const HAND = ['hand-0', 'hand-1'] as const;
const GRAVEYARD = ['graveyard-0', 'graveyard-1'] as const;

/**
 * What the offer checks of a card cast from a hand need of it that follows from its card and its
 * characteristics alone, read once per characteristics object (they are never changed once made):
 * every spell of every castable face in the order the checks ask them, aftermath halves left out
 * (cast only from a graveyard, CR 702.127a), whether the face has no mana cost to pay (CR 118.6),
 * whether an alternative cost can offer more ways, and whether the card has morph.
 */
type CastShape = {
  card: string;
  spells: ReadonlyArray<{ face: number; spell: SpellPlan; unpayable: boolean; alt: boolean }>;
  alts: boolean;
  morph: boolean;
  /** The left half's spell a fused split spell is cast with (CR 702.102a), when the card has fuse. */
  fuse: SpellPlan | null;
};
const castShapes = new WeakMap<Chars, CastShape>();

function castShape(g: G, o: GameObject, c: Chars): CastShape {
  const known = castShapes.get(c);
  // A copy shares its characteristics with the card it copies but not its card.
  if (known?.card === o.card) return known;
  const card = cardPlan(g, o.card);
  const aftermath = aftermathFaces(g, o);
  const spells: Array<CastShape['spells'][number]> = [];
  for (const face of card.faces) {
    if (aftermath.includes(face)) continue;
    const unpayable = noManaCost(g, o, face);
    for (const spell of spellPlans(g, o, face, card)) spells.push({ face, spell, unpayable, alt: altCostSpell(spell) });
  }
  const fuse = c.keywords.includes('Fuse') ? (spells.find((s) => s.face === 0 && s.spell.ref !== null)?.spell ?? null) : null;
  const shape: CastShape = { card: o.card, spells, alts: mayHaveAltWays(g, o), morph: morphCard(g, o.card), fuse };
  if (!known) castShapes.set(c, shape);
  return shape;
}

/**
 * An ability list's activated abilities with their plans, in order, and whether any of them any
 * player may activate (CR 602.2): read once per list (characteristics share their lists).
 */
type AbilityShape = { list: ReadonlyArray<{ index: number; key: string; plan: AbilityPlan }>; anyPlayer: boolean };
const abilityShapes = new WeakMap<readonly string[], AbilityShape>();

function abilityShape(g: G, abilities: readonly string[]): AbilityShape {
  let shape = abilityShapes.get(abilities);
  if (shape) return shape;
  const list: Array<AbilityShape['list'][number]> = [];
  let anyPlayer = false;
  for (let index = 0; index < abilities.length; index++) {
    const key = abilities[index]!;
    const plan = abilityPlan(g, key);
    anyPlayer ||= plan.anyPlayer;
    if (plan.ab) list.push({ index, key, plan });
  }
  abilityShapes.set(abilities, (shape = { list, anyPlayer }));
  return shape;
}

function computeOffers(scan: Scan, explain: boolean): { offers: Offer[]; unavailable: Unavailable[] } {
  const { g, seat } = scan;
  const out: Offer[] = [];
  const unavailable: Unavailable[] = [];
  const hand = g.s.zones[HAND[seat]]!;
  let landWhy: WhyNot | null | undefined;
  for (const id of hand) {
    const o = g.s.objects[id]!;
    const c = chars(g, o);
    if (c.cardTypes.includes('Land')) {
      landWhy ??= landBlocker(g, seat);
      if (landWhy === null) out.push({ kind: 'land', card: o });
      else if (explain) unavailable.push({ card: cardRef(o.id, c.name), label: `play ${c.name}`, reason: landWhy });
      continue;
    }
    // A token in a hand is not cast (it ceases to exist there, CR 111.8).
    if (o.token) continue;
    const h: HandCard = { o, c };
    const shape = castShape(g, o, c);
    for (const { face, spell, unpayable, alt } of shape.spells) {
      const why = unpayable ? 'no-mana' : castBlocker(scan, h, spell);
      if (why === null) out.push({ kind: 'cast', card: o, face, spell: spell.key });
      else if (explain) unavailable.push({ card: cardRef(o.id, c.name), label: `cast ${c.name}`, reason: why });
      // Each alternative cost is a way of its own (CR 118.9a: one at most), offered apart; an
      // awakened spell has paid its alternative cost already (keywords/awaken.ts).
      if (alt || !shape.alts) continue;
      for (const how of altWays(g, o, face)) {
        const whyAlt = castBlocker(scan, h, spell, how);
        if (whyAlt === null) out.push({ kind: 'cast', card: o, face, spell: spell.key, how });
        else if (explain) unavailable.push({ card: cardRef(o.id, c.name), label: `cast ${c.name} (${how.way})`, reason: whyAlt });
      }
    }
    // Both halves of a split card with fuse, from its owner's hand (CR 702.102a): a way of its own.
    const fused = shape.fuse ? fuseWay(g, o) : undefined;
    if (shape.fuse && fused) {
      const why = castBlocker(scan, h, shape.fuse, fused);
      if (why === null) out.push({ kind: 'cast', card: o, face: 0, spell: shape.fuse.key, how: fused });
      else if (explain) unavailable.push({ card: cardRef(o.id, c.name), label: `cast ${o.card} (fuse)`, reason: why });
    }
    if (shape.morph && c.keywords.length > 0 && morphOf(g, o)) {
      const why = faceDownBlocker(scan, h);
      if (why === null) out.push({ kind: 'cast', card: o, face: 0, spell: FACE_DOWN_SPELL });
      else if (explain) unavailable.push({ card: cardRef(o.id, c.name), label: `cast ${c.name} face down`, reason: why });
    }
  }
  // Aftermath halves of split cards in the graveyard (CR 702.127a): cast from there, the same checks.
  for (const id of g.s.zones[GRAVEYARD[seat]]!) {
    const o = g.s.objects[id]!;
    if (!o.token) flashbackOffers(scan, o, out, unavailable, explain);
    const faces = aftermathFaces(g, o);
    if (faces.length === 0) continue;
    const h: HandCard = { o, c: chars(g, o) };
    const card = cardPlan(g, o.card);
    for (const face of faces) {
      for (const spell of spellPlans(g, o, face, card)) {
        const why = castBlocker(scan, h, spell);
        if (why === null) out.push({ kind: 'cast', card: o, face, spell: spell.key });
        else if (explain) unavailable.push({ card: cardRef(o.id, h.c.name), label: `cast ${h.c.name}`, reason: why });
      }
    }
  }
  // Cards outside the hand a static lets the player play (may-play.ts): as from hand, the same checks.
  for (const { o, free } of mayPlayCards(g, seat)) {
    const c = chars(g, o);
    // A land has no mana cost to skip: played from hand the ordinary way, or from elsewhere as given.
    if (c.cardTypes.includes('Land')) {
      if (o.zone === 'hand') continue;
      landWhy ??= landBlocker(g, seat);
      if (landWhy === null) out.push({ kind: 'land', card: o });
      else if (explain) unavailable.push({ card: cardRef(o.id, c.name), label: `play ${c.name}`, reason: landWhy });
      continue;
    }
    if (o.token) continue;
    const h: HandCard = { o, c };
    const card = cardPlan(g, o.card);
    const aftermath = aftermathFaces(g, o);
    for (const face of card.faces) {
      if (noManaCost(g, o, face) || aftermath.includes(face)) continue;
      for (const spell of spellPlans(g, o, face, card)) {
        const how: CastHow | undefined = free ? FREE : undefined;
        const why = castBlocker(scan, h, spell, how);
        if (why === null) out.push(how ? { kind: 'cast', card: o, face, spell: spell.key, how } : { kind: 'cast', card: o, face, spell: spell.key });
        else if (explain) unavailable.push({ card: cardRef(o.id, c.name), label: `cast ${c.name}${how ? ' (free)' : ''}`, reason: why });
      }
    }
  }
  // Abilities of permanents the player controls, of cards in hand or graveyard that work there,
  // and of the player's effects in the command zone (Channel's "pay 1 life: add {C}", CR 114.4's
  // way for an emblem or effect to have an activated ability).
  for (let pile = 0; pile < 4; pile++) {
    const onBattlefield = pile === 0;
    for (const id of g.s.zones[onBattlefield ? 'battlefield' : pile === 1 ? HAND[seat] : pile === 2 ? GRAVEYARD[seat] : 'command']!) {
      const o = g.s.objects[id]!;
      if (pile === 3 && o.owner !== seat) continue;
      const c = chars(g, o);
      // Another player's permanent: only its abilities that any player may activate (CR 602.2:
      // the one who activates it controls it and pays for it).
      const theirs = onBattlefield && c.controller !== seat;
      const shape = abilityShape(g, c.abilities);
      if (theirs && !shape.anyPlayer) continue;
      const h: Host = { o, c };
      for (const { index, key, plan } of shape.list) {
        if (theirs && !plan.anyPlayer) continue;
        if (!onBattlefield && !plan.zoneGiven) continue;
        const why = abilityBlocker(scan, h, plan, key);
        if (why === null) out.push({ kind: 'activate', card: o, key, index, mana: plan.isMana });
        else if (explain && onBattlefield && !theirs)
          unavailable.push({ card: cardRef(o.id, c.name), ability: index, label: `activate ${c.name}`, reason: why });
      }
      // Turning a face-down permanent face up: a special action any time its controller has
      // priority (CR 702.37e, 701.40b, 116.2b), offered when its cost can be paid.
      if (onBattlefield && !theirs && o.faceDown) {
        const ways = waysUp(g, o);
        for (let way = 0; way < ways.length; way++) {
          const cost = ways[way]!.cost;
          const why = costBlocker(g, { g, you: seat, host: o.id }, cost, manaOf(cost, 0), o, null, null);
          if (why === null) out.push({ kind: 'special', card: o, way });
          else if (explain) unavailable.push({ card: cardRef(o.id, c.name), label: `turn ${o.card} face up`, reason: why });
        }
      }
    }
  }
  return { offers: underSplitSecond(g, out, unavailable, explain), unavailable };
}

/**
 * Flashback from the graveyard (CR 702.34a): each of the card's flashback costs is a way of its own,
 * offered as `cast NAME (flashback)` under the same checks as a cast from hand (timing, targets,
 * the cost payable), its mana cost replaced by the flashback cost.
 */
function flashbackOffers(scan: Scan, o: GameObject, out: Offer[], unavailable: Unavailable[], explain: boolean): void {
  const { g } = scan;
  const c = chars(g, o);
  if (c.keywords.length === 0) return;
  const card = cardPlan(g, o.card);
  const h: HandCard = { o, c };
  for (const face of card.faces) {
    if (aftermathFaces(g, o).includes(face)) continue;
    for (const how of flashbackWays(g, o, face)) {
      for (const spell of spellPlans(g, o, face, card)) {
        const why = castBlocker(scan, h, spell, how);
        if (why === null) out.push({ kind: 'cast', card: o, face, spell: spell.key, how });
        else if (explain) unavailable.push({ card: cardRef(o.id, c.name), label: `cast ${c.name} (${how.way})`, reason: why });
      }
    }
  }
}

/**
 * The menu line and structured action of an offer.
 *
 * @example
 * ```ts
 * describeOffer(g, { kind: 'land', card: forest }).label; // 'play Forest'
 * ```
 */
export function describeOffer(g: G, offer: Offer): Opt {
  const name = chars(g, offer.card).name;
  switch (offer.kind) {
    case 'land':
      return { label: `play ${name}`, action: { verb: 'play', card: cardRef(offer.card.id, name) } };
    case 'cast': {
      // A fused split spell is the whole card (CR 702.102a): `cast Turn // Burn (fuse)`.
      const faceName = offer.how?.fuse ? offer.card.card : (cardNamed(g.registry, offer.card.card)!.faces[offer.face]?.name ?? name);
      // Only the caster is asked, and may see what it casts face down (CR 708.5).
      if (offer.spell === FACE_DOWN_SPELL)
        return { label: `cast ${faceName} face down for {${FACE_DOWN_COST}}`, action: { verb: 'cast', card: cardRef(offer.card.id, `${faceName} face down`) } };
      const alt = offer.spell !== PERMANENT_SPELL && spellCount(g, offer) > 1 ? ` (${spellText(g, offer.spell)})` : '';
      // An awakened or bestowed spell is its own spell ability, named by its way as an alternative cost is.
      const way = offer.how?.way ?? (offer.spell !== PERMANENT_SPELL ? SPELL_WAYS.get(resolveNode(g.registry, offer.spell).node.origin ?? '') : undefined);
      if (way !== undefined) return { label: `cast ${faceName} (${way})`, action: { verb: 'cast', card: cardRef(offer.card.id, faceName), way } };
      return { label: `cast ${faceName}${alt}`, action: { verb: 'cast', card: cardRef(offer.card.id, faceName) } };
    }
    case 'activate': {
      const text = abilityText(g, offer.key);
      return { label: `activate ${name}: ${text}`, action: { verb: 'activate', card: cardRef(offer.card.id, name), ability: offer.index, text } };
    }
    case 'special': {
      // Only its controller is asked, who may look at it (CR 708.5).
      const way = waysUp(g, offer.card)[offer.way]!;
      const text = `turn face up (${way.kind} ${way.text})`;
      return { label: `${offer.card.card}: ${text}`, action: { verb: 'activate', card: cardRef(offer.card.id, offer.card.card), ability: -1, text } };
    }
  }
}

/** The ways named by the keyword that wrote a spell ability (an alternative cost of its own, CR 118.9). */
const SPELL_WAYS: ReadonlyMap<string, string> = new Map([
  ['keyword:Awaken', 'awaken'],
  [BESTOW, 'bestow'],
]);

function spellCount(g: G, offer: Extract<Offer, { kind: 'cast' }>): number {
  return spellPlans(g, offer.card, offer.face).length;
}

function spellText(g: G, key: string): string {
  const ref = resolveNode(g.registry, key);
  return (param(ref, 'Cost') ?? '').trim() || (param(ref, 'SpellDescription') ?? '').slice(0, 40);
}

/** A short text for an ability: its cost and description. */
function abilityText(g: G, key: string): string {
  const ref = resolveNode(g.registry, key);
  const cost = param(ref, 'Cost');
  const desc = param(ref, 'SpellDescription') ?? (ref.node.head === 'Mana' ? `add ${param(ref, 'Produced') ?? ''}` : ref.node.head);
  return cost ? `${cost}: ${desc}` : desc;
}

/**
 * Plays a land (CR 305.1): a special action, not a spell; also as an effect allows it (CR 305.2a:
 * it counts as the turn's land play either way).
 * @example
 * ```ts
 * yield* playLand(g, 0, forest);
 * ```
 */
export function* playLand(g: G, seat: Seat, o: GameObject): Gen<void> {
  g.s.players[seat].landsPlayed++;
  const name = chars(g, o).name;
  yield* changeZone(g, [o], 'battlefield', { controller: seat });
  g.events.push({ type: 'LandPlayed', seat, card: o.id, name });
  if (listening(g, 'LandPlayed')) raise(g, { mode: 'LandPlayed', card: lkiOf(g, o), player: seat });
}

/** Chooses modes for a charm (CR 700.2), one at a time. */
function* chooseModes(g: G, run: Run, ref: NodeRef, canAdd?: (count: number) => boolean): Gen<string[] | null> {
  const choices = (param(ref, 'Choices') ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter((c) => c !== '');
  const count = Math.max(1, evalNumber({ ...run, ref }, param(ref, 'CharmNum') ?? '1'));
  const min = Math.min(count, evalNumber({ ...run, ref }, param(ref, 'MinCharmNum') ?? String(count)));
  const repeat = param(ref, 'CanRepeatModes') === 'True';
  const chosen: string[] = [];
  while (chosen.length < count) {
    // A mode beyond the first may cost more (escalate, CR 702.120a): offered only when payable.
    if (chosen.length > 0 && canAdd && !canAdd(chosen.length + 1)) break;
    const available = choices
      .map((c) => svarNode(g.registry, ref, c))
      .filter((m): m is NodeRef => m !== undefined && (repeat || !chosen.includes(m.key)) && chainBlocker(g, run.you, run.host, run.item, m) === null);
    if (available.length === 0) break;
    const opts: Opt[] = available.map((m) => ({
      label: param(m, 'SpellDescription') ?? m.node.head,
      action: { verb: 'choose', text: param(m, 'SpellDescription') ?? m.node.head },
    }));
    const canStop = chosen.length >= min;
    if (canStop) opts.unshift({ label: 'no more modes', action: { verb: 'done' } });
    const k = yield* ask(g, run.you, 'mode', 'Choose a mode', opts);
    if (canStop && k === 0) break;
    chosen.push(available[canStop ? k - 1 : k]!.key);
  }
  return chosen.length >= Math.max(1, min) ? chosen : null;
}

/** Divides an amount among targets (CR 601.2d): for each target but the last, how much it gets. */
function* divide(g: G, seat: Seat, item: StackItem, pos: number, total: number): Gen<void> {
  const targets = item.targets[pos] ?? [];
  if (targets.length <= 1) {
    item.divided = targets.length === 1 ? [total] : [];
    return;
  }
  const shares: number[] = [];
  let left = total;
  const names = describeTargets(g, targets);
  for (let i = 0; i < targets.length - 1; i++) {
    const most = left - (targets.length - 1 - i);
    const opts: Opt[] = [];
    for (let n = 1; n <= Math.max(1, most); n++) opts.push({ label: `${n} to ${names[i]}`, action: { verb: 'choose', text: String(n) } });
    const k = yield* ask(g, seat, 'choose', `Divide ${total} among the targets`, opts);
    shares.push(k + 1);
    left -= k + 1;
  }
  shares.push(Math.max(0, left));
  item.divided = shares;
}

/**
 * Whether X is announced with the other choices though the cost has no mana X (`Announce$ X` and
 * `SVar:X:Count$XChoice`): a bare `XChoice` is chosen as the cost is paid instead (costs.ts).
 */
function announcesX(root: NodeRef, cost: Cost): boolean {
  if (!(param(root, 'Announce') ?? '').split(',').some((v) => v.trim() === 'X')) return false;
  if (svarText(root, 'X')?.trim() !== 'Count$XChoice') return false;
  return cost.parts.some((p) => 'n' in p && p.n === 'X');
}

/**
 * Makes the choices of CR 601.2b–d for an item already on the stack: modes, optional additional
 * costs (`optional`), X, targets, division. Returns the cost with the optional costs chosen, or
 * null when a required choice cannot be made (the caller undoes the announcement).
 */
function* announce(
  g: G,
  item: StackItem,
  root: NodeRef,
  base: Cost,
  extra: ManaCost,
  host: GameObject,
  exclude: number | null,
  optional?: (cost: Cost) => Gen<Cost>,
  entwine?: (root: NodeRef, cost: Cost) => Gen<Cost | null>,
  escalate?: (cost: Cost, extra: number) => Cost | null,
): Gen<Cost | null> {
  // A trigger's targets can depend on what triggered it (`TargetsWithDefinedController$
  // TriggeredCardController`: "from your graveyard", the dying creature's controller's).
  const run: Run = { g, you: item.controller, host: item.source, item, ...(item.trigger ? { trigger: item.trigger } : {}) };
  let chosen = base;
  if (root.node.head === 'Charm') {
    // Entwine (CR 702.42a) is announced with the modes: all of them, for its additional cost.
    const entwined = entwine ? yield* entwine(root, base) : null;
    if (entwined) chosen = entwined;
    else {
      const modes = yield* chooseModes(g, run, root, escalate ? (n) => escalate(base, n - 1) !== null : undefined);
      if (!modes) return null;
      item.modes = modes;
      // Escalate: its cost once for each mode beyond the first (CR 702.120a), paid with the rest.
      if (escalate) {
        const more = escalate(base, modes.length - 1);
        if (!more) return null;
        chosen = more;
      }
    }
  }
  // Kicker and buyback are announced after modes and before X (CR 601.2b).
  const cost = optional ? yield* optional(chosen) : chosen;
  if (cost.xCount > 0) {
    const max = maxX(g, item.controller, cost, extra, 20, exclude, item.kind === 'spell' ? { spell: host } : { ability: host });
    if (max < 0) return null;
    item.x = yield* chooseX(g, item.controller, max);
    host.xPaid = item.x;
  } else if (announcesX(root, cost)) {
    // X only in the other costs (Huatli's −X loyalty, Fire Covenant's "pay X life"): announced
    // now, before targets that depend on it (CR 601.2b, 107.3), up to what can be paid; when the
    // damage is divided each target gets at least 1, so X is at least 1 (CR 601.2d).
    const max = nonManaMaxX(g, { ...run, ref: root }, cost, host, exclude);
    const min = param(root, 'DividedAsYouChoose') === undefined ? 0 : 1;
    if (max < min) return null;
    item.x = yield* chooseX(g, item.controller, max, min);
  }
  const chain = itemChain(g, item, root);
  for (let p = 0; p < chain.length; p++) {
    const ref = chain[p]!;
    const r: Run = { ...run, ref, pos: p, chain };
    const spec = targetSpec(r, ref);
    if (!spec) continue;
    if (!(yield* chooseTargets(g, r, spec, item, p))) return null;
    const divided = param(ref, 'DividedAsYouChoose');
    if (divided !== undefined) yield* divide(g, item.controller, item, p, evalNumber(r, divided));
  }
  return cost;
}

/**
 * Casts a spell (CR 601.2): it moves to the stack, modes, X and targets are chosen, the total cost
 * is determined and paid, and it becomes cast (SpellCast triggers, CR 601.2i).
 */
function* castSpell(g: G, seat: Seat, o: GameObject, face: number, offered: string, how?: CastHow): Gen<boolean> {
  const origin = o.zone;
  // The half or face cast is what the spell is (CR 709.3, 712.8): its characteristics change, so the
  // object's cached ones must go (a split card's second half was named as its first).
  if (o.face !== face) {
    o.face = face;
    touchMoved(g, o.id);
  }
  // Cast face down (CR 702.37c, 708.4): turned face down before it moves to the stack, a
  // nameless 2/2 creature spell for {3}; it resolves as a permanent spell does.
  const faceDown = offered === FACE_DOWN_SPELL;
  const spell = faceDown ? PERMANENT_SPELL : offered;
  // A copy of the card is made where the card is and cast (CR 707.12): the card itself stays there
  // and the spell is the copy, a stack item of its own that ceases to exist when it leaves the
  // stack (CR 704.5e), read through the card as a copied spell is (copy-spell-ability.ts).
  const copy = how?.copy === true;
  if (faceDown) {
    o.faceDown = true;
    touch(g);
  } else if (o.faceDown && o.zone === 'exile' && !copy) {
    // A card exiled face down is turned face up just before it is cast (CR 406.3a, 601.2a).
    o.faceDown = false;
    touch(g);
  }
  const root = spell === PERMANENT_SPELL ? undefined : resolveNode(g.registry, spell);
  const printed = faceDown ? FACE_DOWN : root ? nodeCost(root, faceCost(g, o, face)) : parseCost(faceCost(g, o, face));
  // An alternative cost replaces the mana cost; additional costs stay (CR 118.9, 601.2b, 601.2f).
  const base = how ? castCost(printed, how) : printed;
  const c = chars(g, o);
  // A fused split spell is both halves (CR 702.102b): named by the card's two names.
  const shown = faceDown ? FACE_DOWN_NAME : how?.fuse ? o.card : c.name;
  // Granted where the card is cast from (Vizier of the Menagerie's `AffectedZone$`), not on the stack.
  const anyType = spendsAnyType(g, seat, o);
  if (!copy) moveObject(g, o, 'stack', 'top');
  const item = emptyItem(g, o, seat, spell, 'spell');
  item.text = copy ? `copy of ${shown}` : shown;
  if (copy) {
    // Its own id: the card is not on the stack, and three copies of one card may be (Chandra, Pyromaster).
    item.id = newId(g);
    item.copy = true;
  }
  if (how) recordWay(item, how);
  // Fused as it is put on the stack (CR 702.102a): from now on it has both halves' characteristics.
  if (how?.fuse) {
    item.fused = true;
    o.castWay = 'fuse';
    touchMoved(g, o.id);
  }
  // Cast bestowed, it becomes an Aura spell with enchant creature as it is put on the stack (CR
  // 702.103b), before its target is chosen (layers.ts reads the mark).
  if (root?.node.origin === BESTOW) {
    o.bestowed = true;
    item.way = 'bestow';
    touch(g);
  }
  g.s.stack.push(item);
  touchQuiet(g);
  // Emerge (CR 702.119c): the creature to sacrifice is chosen as the emerge cost is (601.2b),
  // among those whose mana value leaves the cost payable; it is sacrificed as the cost is paid.
  let emerged: { victim: GameObject; mv: number } | undefined;
  if (how?.emerge) {
    const run: Run = { g, you: seat, host: o.id };
    const mana = adjustedCost(g, seat, o, manaOf(base, 0), 'Spell', item);
    const manaOnly: Cost = { mana: base.mana, xCount: base.xCount, parts: [] };
    emerged = yield* chooseEmergeSacrifice(g, seat, (mv) => costBlocker(g, run, manaOnly, lessGeneric(mana, mv), o, null, o.id, { spell: o }) === null);
    if (!emerged) return yield* undoCast(g, item, o, origin);
  }
  const adjust = (m: ManaCost) => adjustedCost(g, seat, o, m, 'Spell', item);
  const choosable = (m: NodeRef) => chainBlocker(g, seat, o.id, item, m) === null;
  // Splice (CR 702.47a) is announced with the other additional costs, after them (601.2b).
  const optional = function* (b: Cost): Gen<Cost> {
    const chosen = yield* announceOptionalCosts(g, item, o, b, adjust);
    return root ? yield* announceSplice(g, item, o, chosen, adjust, choosable) : chosen;
  };
  const entwine = (r: NodeRef, b: Cost) => announceEntwine(g, item, o, r, b, adjust, choosable);
  const escalate = (b: Cost, extra: number) => escalated(g, item, o, b, extra, adjust);
  let cost: Cost;
  if (root) {
    const announced = yield* announce(
      g,
      item,
      root,
      base,
      adjustedCost(g, seat, o, { generic: 0, shards: [] }, 'Spell', item),
      o,
      null,
      optional,
      entwine,
      escalate,
    );
    if (!announced) return yield* undoCast(g, item, o, origin);
    cost = announced;
  } else cost = faceDown ? base : yield* optional(base);
  if (!root && cost.xCount > 0) {
    const max = maxX(g, seat, cost, { generic: 0, shards: [] }, 20, null, { spell: o });
    if (max < 0) return yield* undoCast(g, item, o, origin);
    item.x = yield* chooseX(g, seat, max);
    o.xPaid = item.x;
  }
  let mana = adjustedCost(g, seat, o, striven(g, o, item, manaOf(cost, item.x)), 'Spell', item);
  if (anyType) mana = anyTypeCost(mana);
  // Its total cost is reduced by the sacrificed creature's mana value (CR 702.119a), generic mana only.
  if (emerged) mana = lessGeneric(mana, emerged.mv);
  if (hasConvoke(g, o)) mana = yield* payConvoke(g, seat, o, mana, item);
  if (hasImprovise(g, o)) mana = yield* payImprovise(g, seat, o, mana, item);
  if (hasDelve(g, o)) mana = yield* payDelve(g, seat, mana, item);
  // Converge and sunburst count the colours of mana spent (CR 702.44a): noted for the cards that read them.
  // So does "if {R} was spent to cast it" (`ConditionManaSpent$`): the colours themselves.
  const converge = readsColoursSpent(g, o);
  const which = readsManaSpent(g, o);
  // Mana that gives the spell it is spent on keywords (Generator Servant's haste): noted too.
  const noteColours = (units: readonly ManaUnit[]) => {
    noteManaGrants(g, seat, o, units);
    if (!converge && !which) return;
    const spent = new Set<string>(units.map((u) => u.c).filter((c) => c !== 'C'));
    if (converge) o.coloursSpent = spent.size;
    if (which)
      o.manaSpent = 'WUBRG'
        .split('')
        .filter((c) => spent.has(c))
        .join('');
  };
  if (!(yield* payMana(g, seat, mana, null, noteColours, { spell: o }))) return yield* undoCast(g, item, o, origin);
  yield* payNonMana(g, { g, you: seat, host: o.id, item }, cost, o, item);
  if (emerged) item.paid.sacrificed.push(...(yield* sacrifice(g, [emerged.victim])));
  o.cast = true;
  o.castFrom = origin;
  if (item.way !== undefined) o.castWay = item.way;
  o.xPaid = item.x;
  g.s.players[seat].spellsCast++;
  const targetNames = item.targets.flatMap((t) => (t ? describeTargets(g, t) : []));
  const spliced = splicedText(item);
  item.text += spliced;
  g.actions.push({
    type: 'Stack',
    item: item.id,
    text: `cast ${copy ? 'a copy of ' : ''}${shown}${spliced}${targetNames.length ? ` targeting ${targetNames.join(', ')}` : ''}`,
    controller: seat,
  });
  g.events.push({ type: 'SpellCast', seat, card: o.id, name: shown, targets: targetNames });
  const cast = lkiOf(g, o);
  raise(g, { mode: 'SpellCast', card: cast, player: seat, spell: item.id }, castTriggerSources(g, cast));
  spellCastEvents(g, o, item);
  return true;
}

function* undoCast(g: G, item: StackItem, o: GameObject, origin: GameObject['zone']): Gen<boolean> {
  // CR 732: an illegal announcement is undone. Offers are checked first, so this is rare.
  g.s.stack = g.s.stack.filter((s) => s !== item);
  // An undone face-down cast goes back as it was, unrevealed.
  o.faceDown = false;
  delete o.bestowed;
  if (o.zone === 'stack') moveObject(g, o, origin, 'top');
  o.kicked = false;
  delete o.kickers;
  return false;
}

/**
 * Activates an ability (CR 602.2): a mana ability resolves at once (CR 605.3); any other goes on
 * the stack, then modes, X, targets and costs.
 */
function* activateAbility(g: G, seat: Seat, o: GameObject, key: string): Gen<boolean> {
  const ref = resolveNode(g.registry, key);
  o.activations[key] = (o.activations[key] ?? 0) + 1;
  if (isManaAbility(ref)) {
    yield* activateManaAbility(g, seat, o, key, null);
    return true;
  }
  const cost = nodeCost(ref);
  const item = emptyItem(g, o, seat, key, 'ability');
  item.sourceLki = lkiOf(g, o);
  item.text = `${chars(g, o).name}: ${abilityText(g, key)}`;
  g.s.stack.push(item);
  touchQuiet(g);
  const tapsSelf = cost.parts.some((p) => p.kind === 'tap' || (p.kind === 'sac' && (p.type === 'CARDNAME' || p.type === 'Card.Self')));
  if (!(yield* announce(g, item, ref, cost, { generic: 0, shards: [] }, o, tapsSelf ? o.id : null))) {
    g.s.stack = g.s.stack.filter((s) => s !== item);
    return false;
  }
  const mana = adjustedCost(g, seat, o, manaOf(cost, item.x), 'Ability', item);
  if (!(yield* payMana(g, seat, mana, tapsSelf ? o.id : null, undefined, { ability: o }))) {
    g.s.stack = g.s.stack.filter((s) => s !== item);
    return false;
  }
  yield* payNonMana(g, { g, you: seat, host: o.id, ref, item }, cost, o, item);
  if (isSpecialAction(ref)) {
    // A special action (CR 116.2f, suspending a card) does not use the stack: it happens now.
    g.s.stack = g.s.stack.filter((s) => s !== item);
    g.events.push({ type: 'AbilityActivated', seat, card: o.id, name: chars(g, o).name, text: abilityText(g, key) });
    yield* runAbility(g, { g, you: seat, host: o.id, ref, item }, null);
    return true;
  }
  const targetNames = item.targets.flatMap((t) => (t ? describeTargets(g, t) : []));
  g.actions.push({ type: 'Stack', item: item.id, text: item.text, controller: seat });
  g.events.push({
    type: 'AbilityActivated',
    seat,
    card: o.id,
    name: chars(g, o).name,
    text: abilityText(g, key) + (targetNames.length ? ` targeting ${targetNames.join(', ')}` : ''),
  });
  abilityActivatedEvents(g, seat, item.sourceLki ?? lkiOf(g, o), ref, item);
  return true;
}

/**
 * Puts a triggered ability on the stack (CR 603.3): its modes and targets are chosen now; one
 * that needs a target and has none is removed (CR 603.3d).
 * @example
 * ```ts
 * yield* putTrigger(g, g.s.pending[0]!);
 * ```
 */
export function* putTrigger(g: G, t: PendingTrigger): Gen<void> {
  const trig = resolveNode(g.registry, t.trigger);
  const execName = param(trig, 'Execute');
  const exec = execName ? svarNode(g.registry, trig, execName) : undefined;
  if (!exec) return;
  const host = triggerSource(g, t) ?? maybeObj(g, t.source);
  if (!host) return;
  // Miracle (CR 702.94a): the trigger exists only if its card is revealed, asked now.
  if (!(yield* miracleRevealed(g, t, trig, host))) return;
  const item = emptyItem(g, host, t.controller, exec.key, 'trigger');
  item.trigger = t.data;
  item.triggerNode = t.trigger;
  item.sourceLki = t.sourceLki ?? lkiOf(g, host);
  item.effect = t.effect;
  if (t.remembered) item.remembered = [...t.remembered];
  item.text = `${item.sourceLki.chars.name} trigger`;
  g.s.stack.push(item);
  touchQuiet(g);
  if (!(yield* announce(g, item, exec, parseCost(undefined), { generic: 0, shards: [] }, host, null))) {
    g.s.stack = g.s.stack.filter((s) => s !== item);
    return;
  }
  g.actions.push({ type: 'Stack', item: item.id, text: item.text, controller: t.controller });
  g.events.push({ type: 'TriggerFired', seat: t.controller, card: t.source, name: item.sourceLki.chars.name, mode: trig.node.head });
  triggerTargetEvents(g, item);
}

declareParamReads('engine:static-triggers', ['Static'], ['trigger']);
declareParamReads('engine:flash', ['WithFlash'], ['static']);

/** Whether a pending trigger is `Static$ True` (see {@link resolveStaticTriggers}). */
function isStaticTrigger(g: G, t: PendingTrigger): boolean {
  return param(resolveNode(g.registry, t.trigger), 'Static') === 'True';
}

/**
 * Resolves the waiting `Static$ True` triggers at once, in the order they triggered, without
 * players getting priority: Forge's mark for what the rules treat as no triggered ability on the
 * stack, such as a triggered mana ability (CR 605.1b, 605.4a: Overgrowth's extra {G}{G} is there
 * to pay with), the end of "until it leaves the battlefield" (CR 610.3) and a card forgetting
 * what it remembered. Each is put on the stack and resolved before anything else can happen, so
 * its targets, "you may" and log are those of any trigger. The others wait for the stack (CR
 * 603.3).
 * @example
 * ```ts
 * yield* resolveStaticTriggers(g); // after tapping Overgrowth's land for mana: true if any resolved
 * ```
 */
export function* resolveStaticTriggers(g: G): Gen<boolean> {
  let any = false;
  for (let i = g.s.pending.findIndex((t) => isStaticTrigger(g, t)); i >= 0; i = g.s.pending.findIndex((t) => isStaticTrigger(g, t))) {
    const t = g.s.pending[i]!;
    g.s.pending = g.s.pending.filter((_, k) => k !== i);
    any = true;
    const before = g.s.stack.length;
    yield* putTrigger(g, t);
    if (g.s.stack.length > before) yield* resolveTop(g);
    if (g.s.over) break;
  }
  return any;
}
setStaticTriggerRunner(resolveStaticTriggers);

/**
 * Carries out an offer taken at priority.
 *
 * @example
 * ```ts
 * yield* takeOffer(g, 0, offers(g, 0).offers[0]!);
 * ```
 */
export function* takeOffer(g: G, seat: Seat, offer: Offer): Gen<void> {
  switch (offer.kind) {
    case 'land':
      yield* playLand(g, seat, offer.card);
      return;
    case 'cast':
      yield* castSpell(g, seat, offer.card, offer.face, offer.spell, offer.how);
      return;
    case 'activate':
      yield* activateAbility(g, seat, offer.card, offer.key);
      return;
    case 'special':
      yield* turnUpAction(g, seat, offer.card, offer.way);
      return;
  }
}

/**
 * Turns a face-down permanent face up as a special action (CR 702.37e, 701.40b): its cost is
 * paid, then it is turned face up; nothing goes on the stack and the player keeps priority
 * (CR 116.3).
 */
function* turnUpAction(g: G, seat: Seat, o: GameObject, index: number): Gen<void> {
  const way = waysUp(g, o)[index];
  if (!way) return;
  // An X in the morph cost is chosen as the action is taken, and is the X of the permanent's
  // other abilities (CR 702.37f).
  const x = way.cost.xCount > 0 ? yield* chooseX(g, seat, maxX(g, seat, way.cost, { generic: 0, shards: [] })) : 0;
  if (!(yield* payMana(g, seat, manaOf(way.cost, x)))) return;
  if (way.cost.parts.length > 0) yield* payNonMana(g, { g, you: seat, host: o.id }, way.cost, o, emptyItem(g, o, seat, FACE_DOWN_SPELL, 'ability'));
  if (way.cost.xCount > 0) o.xPaid = x;
  yield* turnFaceUp(g, o, way.kind === 'megamorph');
}

/** Whether a card's script asks which colours of mana were spent to cast it (`ConditionManaSpent$`). */
function readsManaSpent(g: G, o: GameObject): boolean {
  const card = cardNamed(g.registry, o.card);
  if (!card) return false;
  return card.faces.some(
    (f) =>
      [...f.abilities, ...f.triggers].some((n) => n.params['ConditionManaSpent'] !== undefined) ||
      Object.values(f.svars).some((v) => v.node?.params['ConditionManaSpent'] !== undefined),
  );
}

/** Whether a card's script counts the colours of mana spent to cast it (`K:Sunburst`, `Count$Converge`). */
function readsColoursSpent(g: G, o: GameObject): boolean {
  if (chars(g, o).keywords.includes('Sunburst')) return true;
  const card = cardNamed(g.registry, o.card);
  return (
    card !== undefined &&
    card.faces.some((f) => Object.values(f.svars).some((v) => (v.text ?? (v.value ? `${v.value.source}$${v.value.body}` : '')).includes('Converge')))
  );
}
