/**
 * Costs (CR 118, 601.2f–h, 602.2b): a `Cost$` parameter read into parts, whether a player can
 * pay them, and paying them. Mana is paid by the automatic payer (mana.ts) or, when the seat asks
 * for it, by a `pay` choice per source. The other parts are paid in the order written, each
 * choice (which creature to sacrifice, which card to discard) asked of the payer.
 */
import type { Seat, WhyNot } from './choice.js';
import { ask, cardRef, type Gen, type Opt } from './ask.js';
import { derived, invariant, maybeObj, touch, type G, type Run } from './context.js';
import { chars, hasKeyword } from './layers.js';
import {
  addShard,
  autoSources,
  costText,
  manaAvailable,
  parseManaCost,
  planPayment,
  type AutoSource,
  type ManaCost,
  type PayPlan,
  type Shard,
} from './mana.js';
import { matchesCard, seen } from './select.js';
import { evalNumber } from './values.js';
import {
  canHaveCounters,
  putCounters,
  dealDamage,
  discard,
  exertObject,
  lkiOf,
  loseLife,
  mill,
  removeCounters,
  sacrifice,
  tapObject,
  untapObject,
  changeZone,
} from './actions.js';
import type { GameObject, ManaColour, ManaUnit, StackItem } from './types.js';
import { declareParamForms, declareParamReads, splitCost, registerPrimitive } from '../cards/index.js';
import { revealToAll } from './zones.js';
import { activateManaAbility } from './manaflow.js';
import { param, svarText, tryResolveNode, type NodeRef } from './cards.js';

/** One part of a cost. */
export type CostPart =
  | { kind: 'tap' }
  | { kind: 'untap' }
  | { kind: 'sac'; n: string; type: string }
  | { kind: 'life'; n: string }
  | { kind: 'discard'; n: string; type: string }
  | { kind: 'subCounter'; n: string; counter: string }
  | { kind: 'addCounter'; n: string; counter: string; type: string }
  | { kind: 'exile'; n: string; type: string; zone: 'battlefield' | 'graveyard' | 'hand' }
  | { kind: 'return'; n: string; type: string }
  | { kind: 'tapType'; n: string; type: string }
  | { kind: 'exiledToGrave'; n: string; type: string }
  /** Put cards from your graveyard into your library (`PutCardToLibFromGrave<N/Pos/Type>`): on top (0) or at the bottom (-1). */
  | { kind: 'toLibrary'; n: string; type: string; position: 'top' | 'bottom' }
  | { kind: 'mill'; n: string }
  | { kind: 'energy'; n: string }
  | { kind: 'reveal'; n: string; type: string }
  | { kind: 'damageYou'; n: string }
  | { kind: 'crew'; n: string }
  /** Exert the permanent itself (CR 701.43a: Oasis Ritualist's `Exert<1/CARDNAME>`). */
  | { kind: 'exert' }
  | { kind: 'unknown'; text: string };

/**
 * A parsed cost: mana (with how many X it has) and the other parts. `mandatory`: written with
 * `Mandatory` ("pay {E}{E}. If you can't, ...": Greenbelt Rampager's `UnlessCost$`), a payment
 * the payer makes whenever they can, not one they may decline.
 */
export type Cost = {
  mana: string[];
  xCount: number;
  parts: CostPart[];
  mandatory?: true;
  /**
   * "Spend only [colour] mana on X" (`XColor$ B` on the ability, Crypt Rats; `XColor$ BR`, "black
   * and/or red", Soul Burn): X is paid with mana of those colours only, so each unit of X is a
   * coloured (or two-colour hybrid) symbol rather than generic mana (CR 107.3, 601.2g).
   */
  xColour?: string;
};

const cache = new Map<string, Cost>();

function angle(part: string): string[] {
  const open = part.indexOf('<');
  return part.slice(open + 1, part.lastIndexOf('>')).split('/');
}

/**
 * Reads a Forge cost (`1 T Sac<1/CARDNAME>`), cached.
 *
 * @example
 * ```ts
 * parseCost('2 T Sac<1/Creature>'); // { mana: ['2'], xCount: 0, parts: [{ kind: 'tap' }, { kind: 'sac', n: '1', type: 'Creature' }] }
 * ```
 */
export function parseCost(text: string | undefined): Cost {
  const key = text ?? '';
  let cost = cache.get(key);
  if (cost) return cost;
  cost = { mana: [], xCount: 0, parts: [] };
  for (const part of splitCost(key)) {
    if (part === 'T') cost.parts.push({ kind: 'tap' });
    // Forge writes the untap symbol {Q} either way (`Q`, or `Untap` as Patrol Signaler does); CR 107.6.
    else if (part === 'Q' || part === 'Untap') cost.parts.push({ kind: 'untap' });
    else if (part === 'X' || part === 'XX') {
      cost.xCount += part.length;
      cost.mana.push(part);
    } else if (part === 'Mandatory') cost.mandatory = true;
    else if (part === 'XCantBe0') continue;
    else if (addShard({ generic: 0, shards: [] }, part, 0)) cost.mana.push(part);
    else {
      const name = part.slice(0, part.indexOf('<') < 0 ? part.length : part.indexOf('<'));
      const a = part.includes('<') ? angle(part) : [];
      switch (name) {
        case 'Sac':
          cost.parts.push({ kind: 'sac', n: a[0] ?? '1', type: a[1] ?? 'CARDNAME' });
          break;
        case 'PayLife':
          cost.parts.push({ kind: 'life', n: a[0] ?? '1' });
          break;
        case 'Discard':
          cost.parts.push({ kind: 'discard', n: a[0] ?? '1', type: a[1] ?? 'Card' });
          break;
        case 'SubCounter':
          cost.parts.push({ kind: 'subCounter', n: a[0] ?? '1', counter: a[1] ?? 'P1P1' });
          break;
        case 'AddCounter':
          // `AddCounter<1/M1M1/Creature.YouCtrl/a creature you control>` (Lethal Sting): on a permanent
          // you choose as you pay; without a type, on the card itself (a planeswalker's loyalty).
          cost.parts.push({ kind: 'addCounter', n: a[0] ?? '1', counter: a[1] ?? 'P1P1', type: a[2] ?? 'CARDNAME' });
          break;
        case 'Exile':
          cost.parts.push({ kind: 'exile', n: a[0] ?? '1', type: a[1] ?? 'CARDNAME', zone: 'battlefield' });
          break;
        case 'ExileFromGrave':
          cost.parts.push({ kind: 'exile', n: a[0] ?? '1', type: a[1] ?? 'Card', zone: 'graveyard' });
          break;
        case 'ExileFromHand':
          cost.parts.push({ kind: 'exile', n: a[0] ?? '1', type: a[1] ?? 'Card', zone: 'hand' });
          break;
        case 'Return':
          cost.parts.push({ kind: 'return', n: a[0] ?? '1', type: a[1] ?? 'CARDNAME' });
          break;
        case 'tapXType':
          cost.parts.push({ kind: 'tapType', n: a[0] ?? '1', type: a[1] ?? 'Creature' });
          break;
        // "Put a card an opponent owns from exile into that player's graveyard" (the processors,
        // `ExiledMoveToGrave<1/Card.OppOwn/...>`): a cost paid with cards in exile (CR 118.3, 406).
        case 'ExiledMoveToGrave':
          cost.parts.push({ kind: 'exiledToGrave', n: a[0] ?? '1', type: a[1] ?? 'Card' });
          break;
        // "Put three cards from your graveyard on the bottom of your library" (Battlefield Scrounger,
        // `PutCardToLibFromGrave<3/-1/Card>`): Forge's library position, -1 the bottom, 0 the top.
        case 'PutCardToLibFromGrave':
          cost.parts.push({ kind: 'toLibrary', n: a[0] ?? '1', type: a[2] ?? 'Card', position: a[1] === '0' ? 'top' : 'bottom' });
          break;
        case 'Mill':
          cost.parts.push({ kind: 'mill', n: a[0] ?? '1' });
          break;
        case 'PayEnergy':
          cost.parts.push({ kind: 'energy', n: a[0] ?? '1' });
          break;
        case 'Crew':
          cost.parts.push({ kind: 'crew', n: a[0] ?? '1' });
          break;
        case 'DamageYou':
          cost.parts.push({ kind: 'damageYou', n: a[0] ?? '1' });
          break;
        // Exert (CR 701.43a) as a cost: the corpus exerts only the permanent itself.
        case 'Exert':
          if (selfType(a[1] ?? 'CARDNAME')) cost.parts.push({ kind: 'exert' });
          else cost.parts.push({ kind: 'unknown', text: part });
          break;
        case 'Reveal':
          // `Reveal<N/Type/words>`: the third field only names the type for people.
          cost.parts.push({ kind: 'reveal', n: a[0] ?? '1', type: a[1] ?? 'Card' });
          break;
        default:
          cost.parts.push({ kind: 'unknown', text: part });
      }
    }
  }
  cache.set(key, cost);
  return cost;
}

for (const symbol of [
  'cost:Mana',
  'cost:X',
  'cost:Tap',
  'cost:Untap',
  'cost:Sac',
  'cost:PayLife',
  'cost:Discard',
  'cost:SubCounter',
  'cost:AddCounter',
  'cost:Exile',
  'cost:ExileFromGrave',
  'cost:ExileFromHand',
  'cost:Return',
  'cost:tapXType',
  'cost:ExiledMoveToGrave',
  'cost:PutCardToLibFromGrave',
  'cost:Mill',
  'cost:PayEnergy',
  'cost:Reveal',
  'cost:Crew',
  'cost:DamageYou',
  'cost:Exert',
  'cost:Mandatory',
]) {
  registerPrimitive(symbol);
}

/** The mana part of a cost with X, as a ManaCost. */
const manaCache = new WeakMap<Cost, Map<number, ManaCost>>();

/**
 * @example
 * ```ts
 * manaOf(parseCost('X R'), 3); // { generic: 3, shards: [{ t: 'colour', c: 'R' }] }
 * ```
 */
export function manaOf(cost: Cost, x: number): ManaCost {
  // Parsed costs are shared and never changed by their users.
  let byX = manaCache.get(cost);
  if (!byX) manaCache.set(cost, (byX = new Map()));
  let m = byX.get(x);
  if (!m) byX.set(x, (m = cost.xColour ? colouredX(cost, cost.xColour, x) : parseManaCost(cost.mana.join(' '), x)));
  return m;
}

/** A cost's mana with each unit of X a symbol of `colour` (one colour, or two for a hybrid). */
function colouredX(cost: Cost, colour: string, x: number): ManaCost {
  const m = parseManaCost(cost.mana.join(' '), 0);
  const [a, b] = colour.split('') as ManaColour[];
  const shard: Shard = b ? { t: 'hybrid', a: a!, b } : { t: 'colour', c: a! };
  for (let i = 0; i < x * cost.xCount; i++) m.shards.push(shard);
  return m;
}

declareParamReads('engine:x-colour', ['XColor'], ['ability']);

/** Costs with their X colour, per cost and colour (shared as parsed costs are). */
const xColoured = new WeakMap<Cost, Map<string, Cost>>();

/**
 * The cost of a spell or ability node: its `Cost$` (else `fallback`, a card's mana cost), with
 * `XColor$` ("spend only black mana on X", Crypt Rats) read once here.
 * @example
 * ```ts
 * manaOf(nodeCost(resolveNode(registry, 'Crypt Rats|0|a|0')), 2); // { generic: 0, shards: [B, B] }
 * ```
 */
export function nodeCost(ref: NodeRef, fallback?: string): Cost {
  const cost = parseCost(param(ref, 'Cost') ?? fallback);
  const colour = param(ref, 'XColor')?.trim();
  if (!colour || !/^[WUBRG]{1,2}$/.test(colour) || cost.xCount === 0) return cost;
  let byColour = xColoured.get(cost);
  if (!byColour) xColoured.set(cost, (byColour = new Map()));
  let out = byColour.get(colour);
  if (!out) byColour.set(colour, (out = { ...cost, xColour: colour }));
  return out;
}

/**
 * Whether a creature is summoning sick (CR 302.6): no haste and not controlled since its controller's turn began.
 *
 * @example
 * ```ts
 * isSick(g, bears); // true the turn it entered, unless it has haste
 * ```
 */
export function isSick(g: G, o: GameObject): boolean {
  const c = chars(g, o);
  if (!c.cardTypes.includes('Creature')) return false;
  if (hasKeyword(g, o, 'Haste')) return false;
  return o.controlSince > g.s.players[c.controller].turnStartTick;
}

/**
 * The cards in exile an `ExiledMoveToGrave` cost may use: face-up ones matching its type
 * (`Card.OppOwn`: owned by an opponent of the payer). A face-down card's face is not known to the
 * payer (CR 406.3), so no type of it can be checked: it is never offered.
 */
function exiledCandidates(g: G, run: Run, type: string): GameObject[] {
  const out: GameObject[] = [];
  for (const id of g.s.zones['exile']!) {
    const o = g.s.objects[id]!;
    if (o.faceDown) continue;
    if (matchesCard(run, type, seen(run, o))) out.push(o);
  }
  return out;
}

function selfType(type: string): boolean {
  return type === 'CARDNAME' || type === 'Card.Self' || type === 'Self' || type === 'NICKNAME';
}

function candidates(g: G, run: Run, zone: 'battlefield' | 'graveyard' | 'hand', type: string, exclude: number | null): GameObject[] {
  const pile = zone === 'battlefield' ? 'battlefield' : `${zone}-${run.you}`;
  const out: GameObject[] = [];
  for (const id of g.s.zones[pile]!) {
    if (id === exclude) continue;
    const o = g.s.objects[id]!;
    if (zone === 'battlefield' && chars(g, o).controller !== run.you) continue;
    if (type === 'Hand' || matchesCard(run, type, seen(run, o))) out.push(o);
  }
  return out;
}

/**
 * Why the non-mana parts of a cost cannot be paid now, or null when they can.
 *
 * @example
 * ```ts
 * nonManaBlocker(g, run, parseCost('T Sac<1/Creature>'), pinger); // 'summoning-sick', 'condition', ... or null
 * ```
 */
export function nonManaBlocker(g: G, run: Run, cost: Cost, host: GameObject | undefined, exclude: number | null = null): WhyNot | null {
  const you = run.you;
  for (const part of cost.parts) {
    switch (part.kind) {
      case 'tap':
        if (!host || host.zone !== 'battlefield') return 'condition';
        if (host.tapped) return 'tapped';
        if (isSick(g, host)) return 'summoning-sick';
        break;
      case 'untap':
        if (!host || !host.tapped) return 'condition';
        if (isSick(g, host)) return 'summoning-sick';
        break;
      case 'sac':
        if (selfType(part.type)) {
          if (!host || host.zone !== 'battlefield') return 'condition';
        } else if (candidates(g, run, 'battlefield', part.type, null).length < Math.max(1, evalNumber(run, part.n))) return 'condition';
        break;
      case 'life':
        if (g.s.players[you].life < evalNumber(run, part.n)) return 'condition';
        break;
      case 'discard':
        if (part.type === 'Hand') break;
        if (selfType(part.type)) {
          if (!host || host.zone !== 'hand') return 'condition';
        } else {
          // `Discard<1/Random>` (Pyromancy) is payable with any card in hand: `Random` is how the
          // card is chosen, not a kind of card.
          const kind = part.type === 'Random' ? 'Hand' : part.type;
          if (candidates(g, run, 'hand', kind, exclude).length < evalNumber(run, part.n)) return 'condition';
        }
        break;
      case 'subCounter':
        if (!host || (host.counters[part.counter] ?? 0) < (part.n === 'X' ? 0 : evalNumber(run, part.n))) return 'condition';
        break;
      // A cost that puts counters on a permanent that can't have them can't be paid (CR 118.3:
      // Devoted Druid's under Solemnity).
      case 'addCounter':
        if (
          selfType(part.type)
            ? !host || (host.zone === 'battlefield' && !canHaveCounters(g, host))
            : !candidates(g, run, 'battlefield', part.type, null).some((o) => canHaveCounters(g, o))
        )
          return 'condition';
        break;
      case 'exile':
        if (selfType(part.type)) {
          if (!host) return 'condition';
        } else if (candidates(g, run, part.zone, part.type, exclude).length < evalNumber(run, part.n)) return 'condition';
        break;
      case 'return':
        if (selfType(part.type)) {
          if (!host || host.zone !== 'battlefield') return 'condition';
        } else if (candidates(g, run, 'battlefield', part.type, null).length < evalNumber(run, part.n)) return 'condition';
        break;
      case 'tapType': {
        const n = evalNumber(run, part.n);
        const untapped = candidates(g, run, 'battlefield', part.type, null).filter(
          (o) => !o.tapped && !(part.type.includes('Creature') && isSick(g, o) && false),
        );
        if (untapped.length < n) return 'condition';
        break;
      }
      case 'exiledToGrave':
        if (exiledCandidates(g, run, part.type).length < evalNumber(run, part.n)) return 'condition';
        break;
      case 'toLibrary':
        if (candidates(g, run, 'graveyard', part.type, exclude).length < evalNumber(run, part.n)) return 'condition';
        break;
      case 'mill':
        if (g.s.zones[`library-${you}`]!.length < evalNumber(run, part.n)) return 'condition';
        break;
      case 'energy':
        if (energyOf(g, you) < evalNumber(run, part.n)) return 'condition';
        break;
      case 'crew': {
        let total = 0;
        for (const o of crewPool(g, run, host)) total += Math.max(0, chars(g, o).power ?? 0);
        if (total < evalNumber(run, part.n)) return 'condition';
        break;
      }
      case 'reveal':
        // Revealing the whole hand can always be done, even an empty one; X revealed cards may be 0.
        if (part.type === 'Hand' || part.n === 'X') break;
        if (part.type === 'SameColor') {
          if (sameColourPool(g, candidates(g, run, 'hand', 'Card', exclude)).length === 0) return 'condition';
        } else if (candidates(g, run, 'hand', part.type, exclude).length < evalNumber(run, part.n)) return 'condition';
        break;
      case 'damageYou':
        // Being dealt damage needs no resources (CR 118.3): unlike paying life (CR 119.4), a player
        // may have it dealt at any life total.
        break;
      case 'exert':
        // A permanent may be exerted even if it is already (CR 701.43b): only being there counts.
        if (!host || host.zone !== 'battlefield') return 'condition';
        break;
      case 'unknown':
        return 'unsupported';
    }
  }
  return null;
}

function* chooseObjects(g: G, seat: Seat, prompt: string, pool: GameObject[], n: number): Gen<GameObject[]> {
  const chosen: GameObject[] = [];
  let left = [...pool];
  for (let i = 0; i < n && left.length > 0; i++) {
    if (left.length <= n - i) {
      chosen.push(...left.slice(0, n - i));
      break;
    }
    const opts: Opt[] = left.map((o) => ({ label: chars(g, o).name, action: { verb: 'choose', card: cardRef(o.id, chars(g, o).name) } }));
    const k = yield* ask(g, seat, 'choose', prompt, opts);
    chosen.push(left[k]!);
    left = left.filter((_, j) => j !== k);
  }
  return chosen;
}

/** The prompt of an X that is an amount of life to pay: a controller reads it to weigh X against its life. */
const LIFE_X_PROMPT = 'Choose X: the life to pay';

/**
 * X chosen as a cost is paid (`SVar:X:XChoice`: Chill Haunting's "exile X creature cards", White
 * Mana Battery's "remove any number of charge counters"): the payer chooses it, from 0 to what
 * can be paid (CR 601.2b, 107.3), and it is kept as the host's chosen number, which the effect
 * reads as `ChosenX`. Undefined when the ability's X is not `XChoice`.
 */
function* chosenX(g: G, run: Run, item: StackItem, host: GameObject | undefined, max: number, prompt = 'Choose X'): Gen<number | undefined> {
  const ref = run.ref ?? tryResolveNode(g.registry, item.node);
  if (!ref || svarText(ref, 'X')?.trim() !== 'XChoice') return undefined;
  const opts: Opt[] = [];
  for (let x = max; x >= 0; x--) opts.push({ label: `X = ${x}`, action: { verb: 'choose', text: String(x) } });
  const x = max - (yield* ask(g, run.you, 'x', prompt, opts));
  item.x = x;
  if (host) {
    host.chosen.number = x;
    touch(g);
  }
  return x;
}

/**
 * Pays the non-mana parts of a cost (CR 601.2h), recording what was sacrificed, discarded,
 * exiled and tapped on the stack item (for `Sacrificed$` values).
 * @example
 * ```ts
 * yield* payNonMana(g, run, parseCost('Sac<1/Creature>'), host, item);
 * ```
 */
export function* payNonMana(g: G, run: Run, cost: Cost, host: GameObject | undefined, item: StackItem): Gen<void> {
  const you = run.you;
  for (const part of cost.parts) {
    switch (part.kind) {
      case 'tap':
        if (host) tapObject(g, host);
        break;
      case 'untap':
        if (host) untapObject(g, host);
        break;
      case 'sac': {
        let victims: GameObject[];
        if (selfType(part.type)) victims = host ? [host] : [];
        else {
          const n = part.n === 'X' ? item.x : evalNumber(run, part.n);
          victims = yield* chooseObjects(g, you, 'Choose a permanent to sacrifice', candidates(g, run, 'battlefield', part.type, null), n);
        }
        item.paid.sacrificed.push(...(yield* sacrifice(g, victims)));
        break;
      }
      case 'life': {
        // "Pay any amount of life" (`PayLife<X>`, `SVar:X:XChoice`): up to the life the payer has
        // (CR 119.4: no more life than one's total can be paid; 0 always can).
        const chosen = part.n === 'X' ? yield* chosenX(g, run, item, host, Math.max(0, g.s.players[you].life), LIFE_X_PROMPT) : undefined;
        const n = chosen ?? evalNumber(run, part.n);
        loseLife(g, you, n);
        item.paid.life += n;
        break;
      }
      case 'discard': {
        let cards: GameObject[];
        if (part.type === 'Hand') cards = g.s.zones[`hand-${you}`]!.map((id) => g.s.objects[id]!);
        else if (selfType(part.type)) cards = host ? [host] : [];
        else if (part.type === 'Random') {
          const hand = g.s.zones[`hand-${you}`]!;
          cards = hand.length > 0 ? [g.s.objects[hand[g.rng.int(hand.length)]!]!] : [];
        } else
          cards = yield* chooseObjects(
            g,
            you,
            'Choose a card to discard',
            candidates(g, run, 'hand', part.type, item.kind === 'spell' ? item.source : null),
            evalNumber(run, part.n),
          );
        item.paid.discarded.push(...(yield* discard(g, you, cards)));
        break;
      }
      case 'subCounter': {
        const chosen = part.n === 'X' ? yield* chosenX(g, run, item, host, host?.counters[part.counter] ?? 0) : undefined;
        if (host) removeCounters(g, host, part.counter, chosen ?? (part.n === 'X' ? item.x : evalNumber(run, part.n)));
        break;
      }
      case 'addCounter': {
        // A cost, not an effect: `EffectOnly$` replacements (Doubling Season) don't apply, the others do.
        const on = selfType(part.type)
          ? host
          : (yield* chooseObjects(
              g,
              you,
              'Choose a permanent to put counters on',
              candidates(g, run, 'battlefield', part.type, null).filter((o) => canHaveCounters(g, o)),
              1,
            ))[0];
        if (on) yield* putCounters(g, on, part.counter, evalNumber(run, part.n), { effect: false, ...(host ? { source: lkiOf(g, host) } : {}) });
        break;
      }
      case 'exile': {
        let cards: GameObject[];
        if (selfType(part.type)) cards = host ? [host] : [];
        else {
          const pool = candidates(g, run, part.zone, part.type, item.kind === 'spell' ? item.source : null);
          const chosen = part.n === 'X' ? yield* chosenX(g, run, item, host, pool.length) : undefined;
          cards = yield* chooseObjects(g, you, 'Choose a card to exile', pool, chosen ?? evalNumber(run, part.n));
        }
        for (const o of cards) item.paid.exiled.push(lkiOf(g, o));
        yield* changeZone(g, cards, 'exile');
        break;
      }
      case 'return': {
        let cards: GameObject[];
        if (selfType(part.type)) cards = host ? [host] : [];
        else
          cards = yield* chooseObjects(
            g,
            you,
            "Choose a permanent to return to its owner's hand",
            candidates(g, run, 'battlefield', part.type, null),
            evalNumber(run, part.n),
          );
        // Ninjutsu (CR 702.49c): the ninja attacks whom the returned attacker was attacking.
        const attack = g.s.combat?.attackers.find((a) => cards.some((o) => o.id === a.id));
        if (attack) item.returnedAttacker = { defender: attack.defender, planeswalker: attack.planeswalker };
        yield* changeZone(g, cards, 'hand');
        break;
      }
      case 'tapType': {
        const pool = candidates(g, run, 'battlefield', part.type, null).filter((o) => !o.tapped);
        const cards = yield* chooseObjects(g, you, 'Choose a permanent to tap', pool, evalNumber(run, part.n));
        for (const o of cards) {
          item.paid.tapped.push(lkiOf(g, o));
          tapObject(g, o);
        }
        break;
      }
      case 'exiledToGrave': {
        // Each chosen card goes to its owner's graveyard (CR 404.1, 400.3); exile is public, so
        // nothing is revealed. A face-down exiled card is never offered (exiledCandidates).
        const cards = yield* chooseObjects(
          g,
          you,
          "Choose a card in exile to put into its owner's graveyard",
          exiledCandidates(g, run, part.type),
          evalNumber(run, part.n),
        );
        yield* changeZone(g, cards, 'graveyard');
        break;
      }
      case 'toLibrary': {
        const pool = candidates(g, run, 'graveyard', part.type, item.kind === 'spell' ? item.source : null);
        const cards = yield* chooseObjects(g, you, 'Choose a card to put into your library', pool, evalNumber(run, part.n));
        // One at a time, in the order chosen (the owner orders cards put into a library together, CR 401.4).
        for (const o of cards) yield* changeZone(g, [o], 'library', { position: part.position });
        break;
      }
      case 'mill':
        yield* mill(g, you, evalNumber(run, part.n));
        break;
      case 'energy': {
        // Paying {E} removes energy counters from the payer (CR 107.14).
        const counters = { ...g.s.players[you].counters };
        const left = energyOf(g, you) - evalNumber(run, part.n);
        if (left > 0) counters['ENERGY'] = left;
        else delete counters['ENERGY'];
        g.s.players[you].counters = counters;
        touch(g);
        break;
      }
      case 'crew': {
        // One creature at a time until their total power reaches N (CR 702.122a); a creature that
        // adds nothing (power 0 or less) is not offered, and when every creature left is needed the
        // choice is made without asking.
        const need = evalNumber(run, part.n);
        let total = 0;
        let left = crewPool(g, run, host).filter((o) => (chars(g, o).power ?? 0) > 0);
        const chosen: GameObject[] = [];
        while (total < need && left.length > 0) {
          const rest = left.reduce((sum, o) => sum + (chars(g, o).power ?? 0), 0);
          // Leaving out any one of them would fall short: take the rest in order.
          const forced = rest - Math.min(...left.map((o) => chars(g, o).power ?? 0)) < need - total;
          const pick = forced ? left[0]! : (yield* chooseObjects(g, you, `Choose a creature to crew with (power ${total} of ${need})`, left, 1))[0]!;
          chosen.push(pick);
          total += chars(g, pick).power ?? 0;
          left = left.filter((o) => o !== pick);
        }
        for (const o of chosen) {
          item.paid.tapped.push(lkiOf(g, o));
          tapObject(g, o);
        }
        break;
      }
      case 'damageYou': {
        // "Have CARDNAME deal N damage to you" (Browbeat, Vexing Devil's "any opponent may have it deal
        // 4 damage to them"): the card is the damage's source, so prevention, lifelink and
        // replacements apply as to any damage (CR 120.3); the cost is paid even if all of it is
        // prevented, since the action, not its result, is the cost (CR 118.12).
        const source = host ?? maybeObj(g, run.host);
        if (source) yield* dealDamage(g, lkiOf(g, source), { player: you }, evalNumber(run, part.n), false);
        break;
      }
      case 'exert':
        if (host) exertObject(g, host, you);
        break;
      case 'reveal': {
        // CR 118.3, 701.16: the revealed cards stay in hand; now both players know them.
        const exclude = item.kind === 'spell' ? item.source : null;
        let cards: GameObject[];
        if (part.type === 'Hand') cards = g.s.zones[`hand-${you}`]!.map((id) => g.s.objects[id]!);
        else if (part.type === 'SameColor') {
          // "Reveal two cards of the same colour" (Illuminated Folio): the second shares a colour with the first.
          const [first] = yield* chooseObjects(g, you, 'Choose a card to reveal', sameColourPool(g, candidates(g, run, 'hand', 'Card', exclude)), 1);
          const rest = first ? candidates(g, run, 'hand', 'Card', exclude).filter((o) => o !== first && shareColour(g, o, first)) : [];
          cards = first ? [first, ...(yield* chooseObjects(g, you, 'Choose a card to reveal', rest, 1))] : [];
        } else {
          const pool = candidates(g, run, 'hand', part.type, exclude);
          const chosen = part.n === 'X' ? yield* chosenX(g, run, item, host, pool.length) : undefined;
          cards = yield* chooseObjects(g, you, 'Choose a card to reveal', pool, chosen ?? (part.n === 'X' ? item.x : evalNumber(run, part.n)));
        }
        for (const o of cards) revealToAll(g, o);
        if (cards.length > 0) touch(g);
        break;
      }
      case 'unknown':
        break;
    }
  }
}

/**
 * The creatures that may crew: untapped creatures you control other than the Vehicle itself.
 * Summoning sickness does not matter, the cost has no {T} (CR 302.6, 702.122a).
 */
function crewPool(g: G, run: Run, host: GameObject | undefined): GameObject[] {
  return candidates(g, run, 'battlefield', 'Creature', host?.id ?? null).filter((o) => !o.tapped);
}

/** Whether two objects share a colour (CR 105.2). */
function shareColour(g: G, a: GameObject, b: GameObject): boolean {
  const cb = chars(g, b).colours;
  return chars(g, a).colours.some((c) => cb.includes(c));
}

/** The cards of a pool that share a colour with another card of it. */
function sameColourPool(g: G, pool: GameObject[]): GameObject[] {
  return pool.filter((o) => pool.some((p) => p !== o && shareColour(g, o, p)));
}

/** The energy counters a player has (CR 107.14). */
function energyOf(g: G, seat: Seat): number {
  return g.s.players[seat].counters?.['ENERGY'] ?? 0;
}

const SOURCE_KEYS = ['mana-sources:0', 'mana-sources:1'] as const;

/**
 * A seat's automatic mana sources (without `exclude`, the permanent whose own cost taps it),
 * found once per state version: every offer's cost check asks for them. The list is shared:
 * callers never change it. A strict game (the fuzz runs) checks the kept list against a fresh one.
 *
 * @example
 * ```ts
 * manaSources(g, 0).length; // untapped lands and mana creatures of p1
 * ```
 */
export function manaSources(g: G, seat: Seat, exclude: number | null = null): readonly AutoSource[] {
  const all = derived(g, SOURCE_KEYS[seat], () => autoSources(g, seat, (o) => isSick(g, o)));
  if (g.config.strict && JSON.stringify(all) !== JSON.stringify(autoSources(g, seat, (o) => isSick(g, o))))
    invariant(g, `p${seat + 1}'s mana sources changed without a state version change (a change that did not touch())`);
  if (exclude === null) return all;
  for (const s of all) if (s.id === exclude) return all.filter((x) => x.id !== exclude);
  return all;
}

/**
 * What a mana payment is for, as restricted mana asks (CR 106.6): casting the spell `spell`, or
 * activating an ability of `ability` (its host). Absent: anything else (a mana ability's own
 * cost, an "unless" or upkeep cost), which restricted mana never pays here.
 */
export type ManaUse = { spell: GameObject } | { ability: GameObject };

/**
 * `RestrictValid$` words that name no spell or permanent (Forge's special restrictions): not
 * implemented, so mana restricted to them pays for nothing (and the census does not count their
 * cards faithful).
 */
export const SPECIAL_RESTRICTIONS = new Set(['CumulativeUpkeep', 'MorphOrManifest', 'CostContainsX', 'CostContainsC', 'nonSpell']);

// The census counts a restricted-mana card faithful only when every alternative is one `mayPayFor`
// gives its meaning: not a special word, not `Spell.Kicked` (kicked is announced after the mana
// check), not `wasCastFromGraveyard` (the spell's origin is recorded once it is paid for).
declareParamForms('engine:mana-restrictions', 'ability', 'Mana', 'RestrictValid', (v) =>
  v.split(',').every((alt) => {
    const a = alt.trim();
    return a !== '' && !SPECIAL_RESTRICTIONS.has(a) && !a.startsWith('Spell') && !a.includes('wasCastFrom');
  }),
);

/**
 * Whether one mana may be spent on `use` (CR 106.6): unrestricted mana always; mana whose ability
 * said "spend this mana only to cast a creature spell" (`RestrictValid$ Card.Creature`, any of
 * its comma-separated alternatives) only on a spell matching it, and "or activate abilities of
 * artifacts" (`Activated.Artifact`) on an ability whose host matches. The restriction is read
 * as its source sees it (`Creature.ChosenType`: the type chosen for the land that made it).
 *
 * @example
 * ```ts
 * mayPayFor(g, 0, { c: 'G', src: ziggurat, only: 'Creature' }, { spell: bears }); // true
 * ```
 */
export function mayPayFor(g: G, seat: Seat, unit: ManaUnit, use: ManaUse | undefined): boolean {
  if (unit.only === undefined) return true;
  if (!use) return false;
  const run: Run = { g, you: seat, host: unit.src > 0 ? unit.src : 0 };
  for (const alt of unit.only.split(',')) {
    const a = alt.trim();
    if (SPECIAL_RESTRICTIONS.has(a)) continue;
    if (a.startsWith('Activated.')) {
      if ('ability' in use && matchesCard(run, a.slice('Activated.'.length), seen(run, use.ability))) return true;
    } else if ('spell' in use && matchesCard(run, a, seen(run, use.spell))) return true;
  }
  return false;
}

/**
 * The pool mana that may pay for `use`: the pool itself (and `at` null) when none of it is
 * restricted, else the usable units, restricted ones first so that a payment spends them before
 * mana that could pay for anything, with `at` their indices in the pool.
 */
function usablePool(g: G, seat: Seat, use: ManaUse | undefined): { pool: readonly ManaUnit[]; at: number[] | null } {
  const pool = g.s.players[seat].pool;
  if (!pool.some((u) => u.only !== undefined)) return { pool, at: null };
  const at: number[] = [];
  for (let i = 0; i < pool.length; i++) if (pool[i]!.only !== undefined && mayPayFor(g, seat, pool[i]!, use)) at.push(i);
  for (let i = 0; i < pool.length; i++) if (pool[i]!.only === undefined) at.push(i);
  return { pool: at.map((i) => pool[i]!), at };
}

/**
 * Whether `seat` can pay a mana cost now (pool plus automatic sources).
 *
 * @example
 * ```ts
 * canPayMana(g, 0, parseManaCost('1 G')); // true with two untapped Forests
 * ```
 */
export function canPayMana(g: G, seat: Seat, cost: ManaCost, exclude: number | null = null, use?: ManaUse): boolean {
  const sources = manaSources(g, seat, exclude);
  const player = g.s.players[seat];
  const usable = usablePool(g, seat, use);
  // Restricted mana in the pool (rare): the answer depends on what is paid for, so it is not kept.
  if (usable.at) return planPayment(cost, usable.pool, sources, player.life) !== null;
  const pool = player.pool;
  // Generic mana alone is payable exactly when there is that much mana (what planPayment finds).
  if (cost.shards.length === 0) return manaAvailable(pool, sources) >= cost.generic;
  // Spells and abilities share cost objects (parseCost and manaOf cache them), so one state asks
  // the same question for several offers: the answer is kept with what it was found from.
  if (sources !== manaSources(g, seat)) return planPayment(cost, pool, sources, player.life) !== null;
  const kept = derived(g, MEMO_KEYS[seat], (): { memo: PayMemo | null } => ({ memo: null }));
  let memo = kept.memo;
  if (!memo || memo.pool !== pool || memo.size !== pool.length || memo.life !== player.life)
    memo = kept.memo = { pool, size: pool.length, life: player.life, answers: new Map() };
  let ok = memo.answers.get(cost);
  if (ok === undefined) memo.answers.set(cost, (ok = planPayment(cost, pool, sources, player.life) !== null));
  return ok;
}

/** canPayMana's answers for one seat at one state version, valid while its pool and life are these. */
type PayMemo = { pool: readonly ManaUnit[]; size: number; life: number; answers: Map<ManaCost, boolean> };
const MEMO_KEYS = ['mana-answers:0', 'mana-answers:1'] as const;

/**
 * The largest X the non-mana parts of a cost can be paid with, for an X announced before the
 * cost is paid (`Announce$ X` with `SubCounter<X/LOYALTY>`, `PayLife<X>`, `Return<X/Swamp>`):
 * the fewest counters, life, or objects of the type any part with X has (CR 107.3, 118.3: a cost
 * can't be paid without the resources; life can be paid up to the life total, CR 119.4). `cap`
 * when no part limits it.
 *
 * @example
 * ```ts
 * nonManaMaxX(g, run, parseCost('SubCounter<X/LOYALTY>'), huatli, null); // Huatli's loyalty
 * ```
 */
export function nonManaMaxX(g: G, run: Run, cost: Cost, host: GameObject | undefined, exclude: number | null, cap = 20): number {
  let max = cap;
  for (const part of cost.parts) {
    if (!('n' in part) || part.n !== 'X') continue;
    let n = cap;
    switch (part.kind) {
      case 'subCounter':
        n = host?.counters[part.counter] ?? 0;
        break;
      case 'life':
        n = Math.max(0, g.s.players[run.you].life);
        break;
      case 'sac':
      case 'return':
        n = candidates(g, run, 'battlefield', part.type, null).length;
        break;
      case 'tapType':
        n = candidates(g, run, 'battlefield', part.type, null).filter((o) => !o.tapped).length;
        break;
      case 'discard':
      case 'reveal':
        n = part.type === 'Hand' ? g.s.zones[`hand-${run.you}`]!.length : candidates(g, run, 'hand', part.type, exclude).length;
        break;
      case 'exile':
        n = candidates(g, run, part.zone, part.type, exclude).length;
        break;
    }
    max = Math.min(max, n);
  }
  return max;
}

/**
 * Chooses X (CR 601.2b, 107.3): `min` (0 unless the choice needs more) up to the most the player
 * can pay, the largest offered first.
 *
 * @example
 * ```ts
 * item.x = yield* chooseX(g, 0, maxX(g, 0, cost, { generic: 0, shards: [] }));
 * ```
 */
export function* chooseX(g: G, seat: Seat, max: number, min = 0): Gen<number> {
  const opts: Opt[] = [];
  for (let x = max; x >= min; x--) opts.push({ label: `X = ${x}`, action: { verb: 'choose', text: String(x) } });
  const k = yield* ask(g, seat, 'x', 'Choose X', opts);
  return max - k;
}

/**
 * The largest X (up to `cap`) for which `cost` with X is payable.
 *
 * @example
 * ```ts
 * maxX(g, 0, parseCost('X R'), { generic: 0, shards: [] }); // 4 with five Mountains
 * ```
 */
export function maxX(g: G, seat: Seat, cost: Cost, extra: ManaCost, cap = 20, exclude: number | null = null, use?: ManaUse): number {
  const sources = manaSources(g, seat, exclude);
  const pool = usablePool(g, seat, use).pool;
  const avail = manaAvailable(pool, sources);
  for (let x = Math.min(cap, Math.floor(avail / Math.max(1, cost.xCount))); x >= 0; x--) {
    const m = manaOf(cost, x);
    const total: ManaCost = { generic: m.generic + extra.generic, shards: [...m.shards, ...extra.shards] };
    if (planPayment(total, pool, sources, g.s.players[seat].life)) return x;
  }
  return -1;
}

/**
 * Pays a mana cost: the seat's `pay` choices first when it asked for them (each option taps one
 * source that keeps the rest payable; option 0 lets the automatic payer finish), then the
 * automatic payer's plan, then the pool is spent. Returns false if it cannot be paid.
 * @example
 * ```ts
 * if (!(yield* payMana(g, 0, parseManaCost('2 U U')))) return false;
 * ```
 */
export function* payMana(
  g: G,
  seat: Seat,
  cost: ManaCost,
  exclude: number | null = null,
  spent?: (units: readonly ManaUnit[]) => void,
  use?: ManaUse,
): Gen<boolean> {
  if (g.config.payment?.[seat] === 'ask') {
    for (;;) {
      const sources = manaSources(g, seat, exclude);
      const plan = planPayment(cost, usablePool(g, seat, use).pool, sources, g.s.players[seat].life);
      if (!plan || plan.taps.length === 0) break;
      const opts: Opt[] = [{ label: `pay ${costText(cost)} automatically`, action: { verb: 'choose', text: 'auto' } }];
      const choices: Array<{ id: number; key: string; colour: string | null }> = [];
      for (const s of sources) {
        const colours = s.out.each ? [null] : s.out.colours;
        for (const c of colours) {
          const rest = sources.filter((x) => x.id !== s.id);
          const pool = [
            ...usablePool(g, seat, use).pool,
            ...(c === null ? s.out.each!.map((cc) => ({ c: cc, src: s.id })) : Array.from({ length: s.out.amount }, () => ({ c: c as never, src: s.id }))),
          ];
          if (!planPayment(cost, pool, rest, g.s.players[seat].life)) continue;
          const name = chars(g, g.s.objects[s.id]!).name;
          opts.push({
            label: `tap ${name} for ${c ?? s.out.each!.join('')}`,
            action: { verb: 'activate', card: cardRef(s.id, name), ability: 0, text: `add ${c ?? s.out.each!.join('')}` },
          });
          choices.push({ id: s.id, key: s.key, colour: c });
        }
      }
      const k = yield* ask(g, seat, 'pay', `Pay ${costText(cost)}`, opts);
      if (k === 0) break;
      const pick = choices[k - 1]!;
      yield* activateManaAbility(g, seat, g.s.objects[pick.id]!, pick.key, pick.colour as never);
    }
  }
  const sources = manaSources(g, seat, exclude);
  const plan: PayPlan | null = planPayment(cost, usablePool(g, seat, use).pool, sources, g.s.players[seat].life);
  if (!plan) return false;
  for (const t of plan.taps) {
    const o = maybeObj(g, t.id);
    if (o) yield* activateManaAbility(g, seat, o, t.key, t.colour);
  }
  // Everything needed is in the pool now: pay from the pool alone.
  const usable = usablePool(g, seat, use);
  const poolPlan = planPayment(cost, usable.pool, [], g.s.players[seat].life);
  if (!poolPlan) return false;
  const at = usable.at;
  const spend = new Set(at ? poolPlan.pool.map((i) => at[i]!) : poolPlan.pool);
  if (spent) spent(g.s.players[seat].pool.filter((_, i) => spend.has(i)));
  g.s.players[seat].pool = g.s.players[seat].pool.filter((_, i) => !spend.has(i));
  if (poolPlan.life > 0) loseLife(g, seat, poolPlan.life);
  return true;
}
