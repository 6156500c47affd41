/**
 * Spells and activated abilities compiled once for finding what a player may do (cast.ts).
 *
 * Everything about a spell or an ability that depends only on its card script is read here, the
 * first time the offer check meets it, into a plain record: where it can be activated from, its
 * timing restrictions, its activation limit, its parsed cost and that cost's mana, whether it is a
 * mana ability, and the chain of nodes it puts on the stack with the links that need a check
 * (targets, charm modes). The offer check then reads fields instead of looking script parameters
 * up by name and parsing them at every decision.
 *
 * **Invariant:** a plan is a function of its node alone. Nodes are stable objects per registry
 * (a text-changed node is a distinct node, CR 612), so plans are cached per node or per node key
 * of a registry and are never changed after they are built. What depends on the game (the step,
 * the objects, the counts a `TargetMin$` reads) is checked by cast.ts at each decision.
 */
import { cardNamed, param, resolveNode, svarNode, type NodeRef } from './cards.js';
import { isManaAbility, type ManaCost } from './mana.js';
import { manaOf, nodeCost, parseCost, type Cost } from './costs.js';
import { inPhases } from './statics.js';
import { chainOf } from './resolve.js';
import { PERMANENT_SPELL } from './stackitem.js';
import { STEPS, type Step } from './types.js';
import { hasConditions } from './conditions.js';
import type { G } from './context.js';
import { declareParamForms, type CardRegistry } from '../cards/index.js';

/** One node of a chain as the offer check walks it (CR 601.2c targets, CR 700.2 modes). */
export type LinkPlan = {
  ref: NodeRef;
  /** Its API (`DealDamage`, `Charm`, '' for none). */
  head: string;
  /** For a charm: its modes' nodes, as `Choices$` lists them, and how many must be choosable. */
  charm: { modes: NodeRef[]; need: number } | null;
  /** Whether it targets (`ValidTgts$`). */
  targets: boolean;
};

/** A spell's or ability's chain (the node and its sub-abilities) for the offer check. */
export type ChainPlan = { chain: NodeRef[]; links: LinkPlan[] };

/** An activated ability (CR 602) compiled for the offer check. */
export type AbilityPlan = {
  ref: NodeRef;
  /** An `AB$` node: only those are activated abilities. */
  ab: boolean;
  /** `ActivationZone$` is written (an ability that works from a hand or graveyard names it). */
  zoneGiven: boolean;
  /** The zone it is activated from, as Forge names zones (`Battlefield` by default). */
  zone: string;
  sorcery: boolean;
  /** A loyalty ability (CR 606.3). */
  planeswalker: boolean;
  /** For `ActivationPhases$`: whether each step is one it may be activated in; null when unrestricted. */
  phases: Readonly<Record<Step, boolean>> | null;
  playerTurn: boolean;
  opponentTurn: boolean;
  /** `AnyPlayer$ True`: "any player may activate this ability", not only its controller (CR 602.2). */
  anyPlayer: boolean;
  /** `ActivationLimit$` as a number (NaN for a limit that is not one, which never blocks); null without one. */
  limit: number | null;
  cost: Cost;
  /** The mana part of `cost` with X = 0. */
  mana: ManaCost;
  isMana: boolean;
  /** The cost taps or sacrifices the permanent itself, so it cannot also pay for the mana. */
  tapsSelf: boolean;
  /** The cost has {T}: it cannot be paid while the permanent is tapped (CR 602.5a). */
  taps: boolean;
  /** It has conditions (conditionsHold can fail); without them they hold whatever the game. */
  conditional: boolean;
  chain: ChainPlan;
};

/** One way to cast a face: one of its `SP$` abilities, or the plain permanent spell. */
export type SpellPlan = {
  /** The spell's key on offers (a node key, or PERMANENT_SPELL). */
  key: string;
  /** The `SP$` node; null for the permanent spell. */
  ref: NodeRef | null;
  /** `ActivationZone$` is absent or `Hand`. */
  fromHand: boolean;
  /** It has conditions (conditionsHold can fail). */
  conditional: boolean;
  /**
   * For `ActivationPhases$` on a spell ("Cast this spell only during combat before blockers are
   * declared": Gorilla War Cry's `BeginCombat->Declare Attackers`): the steps it may be cast in;
   * null when unrestricted.
   */
  phases?: Record<Step, boolean> | null;
  cost: Cost;
  /** The mana part of `cost` with X = 0. */
  mana: ManaCost;
  chain: ChainPlan | null;
};

/** A face's ways to be cast: its `SP$` abilities (in the order written; a bestow card's permanent spell first, then its bestowed one), or else the permanent spell (`asPermanent`, the list of it alone). */
export type FacePlan = { spells: SpellPlan[]; permanent: SpellPlan; asPermanent: readonly SpellPlan[] };

/** A card's castable faces (both halves of a split card, both faces of a modal or adventure card, else the front). */
export type CardPlan = { faces: number[]; plans: FacePlan[] };

const chainPlans = new WeakMap<NodeRef, ChainPlan>();

/**
 * The chain plan of a node (with no modes chosen), built once per node.
 *
 * @example
 * ```ts
 * chainPlan(g, resolveNode(g.registry, 'Lightning Bolt|0|a|0')).links[0]!.targets; // true
 * ```
 */
export function chainPlan(g: G, root: NodeRef): ChainPlan {
  let plan = chainPlans.get(root);
  if (plan) return plan;
  const chain = chainOf(g, root, null);
  const links: LinkPlan[] = chain.map((ref) => {
    const head = ref.node.head;
    let charm: LinkPlan['charm'] = null;
    if (head === 'Charm') {
      const modes = (param(ref, 'Choices') ?? '')
        .split(',')
        .map((c) => svarNode(g.registry, ref, c.trim()))
        .filter((x): x is NodeRef => x !== undefined);
      const min = Number(param(ref, 'MinCharmNum') ?? param(ref, 'CharmNum') ?? '1');
      charm = { modes, need: Math.max(1, Math.min(min, modes.length)) };
    }
    return { ref, head, charm, targets: param(ref, 'ValidTgts') !== undefined };
  });
  plan = { chain, links };
  chainPlans.set(root, plan);
  return plan;
}

/** The parameters conditionsHold reads before anything else (one home: conditions.ts). */
export { CONDITION_KEYS } from './conditions.js';

type RegistryPlans = { abilities: Map<string, AbilityPlan>; cards: Map<string, CardPlan> };
const registryPlans = new WeakMap<CardRegistry, RegistryPlans>();

function plansOf(registry: CardRegistry): RegistryPlans {
  let p = registryPlans.get(registry);
  if (!p) registryPlans.set(registry, (p = { abilities: new Map(), cards: new Map() }));
  return p;
}

function phaseTable(text: string): Record<Step, boolean> {
  const table = {} as Record<Step, boolean>;
  for (const step of STEPS) table[step] = inPhases(step, text);
  return table;
}

/**
 * The zones an activated ability is offered from (cast.ts's offers scan the battlefield, the hand,
 * the graveyard, and the player's own effects in the command zone): one written to work elsewhere
 * (Lightning Storm's `ActivationZone$ Stack`, an exiled card's) is never offered, so its card is
 * not counted faithful.
 */
const ACTIVATION_ZONES = new Set(['Battlefield', 'Hand', 'Graveyard', 'Command']);
declareParamForms('engine:activation', 'ability', '*', 'ActivationZone', (v) => ACTIVATION_ZONES.has(v));

/**
 * The plan of the ability with node key `key` (throws `mtg/unknown-node` for a key that names
 * nothing, as resolving it does).
 *
 * @example
 * ```ts
 * abilityPlan(g, 'Llanowar Elves|0|a|0').isMana; // true
 * ```
 */
export function abilityPlan(g: G, key: string): AbilityPlan {
  const plans = plansOf(g.registry).abilities;
  let plan = plans.get(key);
  if (plan) return plan;
  const ref = resolveNode(g.registry, key);
  const zone = param(ref, 'ActivationZone');
  const phases = param(ref, 'ActivationPhases');
  const limit = param(ref, 'ActivationLimit');
  const cost = nodeCost(ref);
  plan = {
    ref,
    ab: ref.node.record === 'AB',
    zoneGiven: zone !== undefined,
    zone: zone ?? 'Battlefield',
    sorcery: param(ref, 'SorcerySpeed') === 'True',
    planeswalker: param(ref, 'Planeswalker') === 'True',
    phases: phases === undefined ? null : phaseTable(phases),
    playerTurn: param(ref, 'PlayerTurn') === 'True',
    opponentTurn: param(ref, 'OpponentTurn') === 'True',
    anyPlayer: param(ref, 'AnyPlayer') === 'True',
    limit: limit === undefined ? null : Number(limit),
    cost,
    mana: manaOf(cost, 0),
    isMana: isManaAbility(ref),
    tapsSelf: cost.parts.some((p) => p.kind === 'tap' || (p.kind === 'sac' && (p.type === 'CARDNAME' || p.type === 'Card.Self'))),
    taps: cost.parts.some((p) => p.kind === 'tap'),
    conditional: hasConditions(ref),
    chain: chainPlan(g, ref),
  };
  plans.set(key, plan);
  return plan;
}

/**
 * The castable faces of the card named `name` and each face's ways to be cast.
 *
 * @example
 * ```ts
 * cardPlan(g, 'Fire // Ice').faces; // [0, 1]
 * ```
 */
export function cardPlan(g: G, name: string): CardPlan {
  const plans = plansOf(g.registry).cards;
  let plan = plans.get(name);
  if (plan) return plan;
  const card = cardNamed(g.registry, name)!;
  const faces = card.layout === 'split' || card.layout === 'adventure' || card.layout === 'modal' ? card.faces.map((_, i) => i) : [0];
  const facePlans: FacePlan[] = [];
  for (const face of faces) {
    const f = card.faces[face]!;
    const faceCost = f.manaCost ?? '';
    const spells: SpellPlan[] = [];
    f.abilities.forEach((n, i) => {
      if (n.record !== 'SP') return;
      const key = `${name}|${face}|a|${i}`;
      const ref = resolveNode(g.registry, key);
      const zone = param(ref, 'ActivationZone');
      const phases = param(ref, 'ActivationPhases');
      const cost = nodeCost(ref, faceCost);
      spells.push({
        key,
        ref,
        fromHand: zone === undefined || zone === 'Hand',
        conditional: hasConditions(ref),
        phases: phases === undefined ? null : phaseTable(phases),
        cost,
        mana: manaOf(cost, 0),
        chain: chainPlan(g, ref),
      });
    });
    const cost = parseCost(faceCost);
    const permanent: SpellPlan = { key: PERMANENT_SPELL, ref: null, fromHand: true, conditional: false, cost, mana: manaOf(cost, 0), chain: null };
    // A bestow card's only spell ability is its bestowed Aura spell (keywords/bestow.ts): it is
    // cast either way, as the permanent spell or bestowed (CR 702.103a), the plain spell first.
    if (spells.length > 0 && spells.every((s) => s.ref!.node.origin === 'keyword:Bestow')) spells.unshift(permanent);
    facePlans[face] = { spells, permanent, asPermanent: [permanent] };
  }
  plan = { faces, plans: facePlans };
  plans.set(name, plan);
  return plan;
}
