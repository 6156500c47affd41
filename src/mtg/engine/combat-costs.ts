/**
 * Costs to attack and to block (CR 508.1d, 508.1h–j; 509.1c, 509.1d–f): the statics
 * `CantAttackUnless` ("creatures can't attack you unless their controller pays {2} for each
 * creature they control that's attacking you": Propaganda, Ghostly Prison) and `CantBlockUnless`
 * ("can't block unless you pay {1}": Hipparion, Myr Prototype). Each creature the player declares
 * is charged once per static that applies to it; the total is locked in after the creatures are
 * tapped and paid at once (508.1h–j): mana with the automatic payer, the other parts (sacrifice a
 * land, tap an untapped creature, return an enchantment, life) by the player's choices.
 *
 * A creature is offered as an attacker or blocker only while the total with it stays payable, so a
 * declaration is never one the player cannot pay for (the rules would reverse it, CR 508.1j, 732).
 * Nothing requires a creature to attack or block when it costs something (508.1d, 509.1c).
 */
import type { Seat } from './choice.js';
import type { Gen } from './ask.js';
import { param, svarText } from './cards.js';
import type { G, Run } from './context.js';
import { manaOf, manaSources, nonManaBlocker, parseCost, payMana, payNonMana, type Cost, type CostPart } from './costs.js';
import { costText, planPayment, type ManaCost } from './mana.js';
import { activeStatics, type ActiveStatic } from './statics.js';
import { matchesCard, seen } from './select.js';
import { evalNumber } from './values.js';
import { emptyItem } from './stackitem.js';
import type { GameObject } from './types.js';
import { registerPrimitive } from '../cards/index.js';

registerPrimitive('stat:CantAttackUnless', { reads: ['ValidCard', 'Target', 'Cost'] });
registerPrimitive('stat:CantBlockUnless', { reads: ['ValidCard', 'Attacker', 'Cost'] });

/** One charge: a static's cost for one creature, its numbers already counted. */
export type Charge = { host: GameObject; mana: ManaCost; parts: CostPart[]; text: string };

/** What the parts of a cost count, read once where the static stands (X of Sphere of Safety). */
function charge(s: ActiveStatic): Charge | null {
  const text = param(s.ref, 'Cost');
  if (text === undefined) return null;
  // `Cost$ X` names an SVar of the static's card (Myr Prototype: its +1/+1 counters), or a value
  // stored on its effect (War Tax's Y): a number of generic mana.
  const t = text.trim();
  if (/^[A-Za-z]\w*$/.test(t) && (svarText(s.ref, t) !== undefined || Object.prototype.hasOwnProperty.call(s.host.stored, t))) {
    const n = Math.max(0, evalNumber(s.run, t));
    return n === 0 ? null : { host: s.host, mana: { generic: n, shards: [] }, parts: [], text: `{${n}}` };
  }
  const cost: Cost = parseCost(t);
  const parts = cost.parts.map((p) => ('n' in p ? { ...p, n: String(Math.max(0, evalNumber(s.run, p.n))) } : p));
  return { host: s.host, mana: manaOf(cost, 0), parts, text: t };
}

function defenderMatches(s: ActiveStatic, defender: Seat, planeswalker: GameObject | null): boolean {
  const target = param(s.ref, 'Target');
  if (target === undefined) return true;
  for (const t of target.split(',')) {
    if (t === 'Player' && planeswalker === null) return true;
    if (t === 'You' && planeswalker === null && defender === s.controller) return true;
    if (t.startsWith('Planeswalker') && planeswalker !== null && matchesCard(s.run, t, seen(s.run, planeswalker))) return true;
  }
  return false;
}

/**
 * What attacking with `o` at `defender` (or that player's planeswalker) costs: one charge per
 * `CantAttackUnless` static that applies to it.
 *
 * @example
 * ```ts
 * attackCharges(g, bears, 1, null); // one {2} charge with the defending player's Propaganda out
 * ```
 */
export function attackCharges(g: G, o: GameObject, defender: Seat, planeswalker: GameObject | null): Charge[] {
  const list = activeStatics(g, 'CantAttackUnless');
  if (list.length === 0) return [];
  const out: Charge[] = [];
  for (const s of list) {
    const vc = param(s.ref, 'ValidCard');
    if (vc !== undefined && !matchesCard(s.run, vc, seen(s.run, o))) continue;
    if (!defenderMatches(s, defender, planeswalker)) continue;
    const c = charge(s);
    if (c) out.push(c);
  }
  return out;
}

/**
 * What `blocker` blocking `attacker` costs: one charge per `CantBlockUnless` static whose
 * `ValidCard$` is the blocker and whose `Attacker$` (if any) is the attacker. A static without
 * `Attacker$` charges once per blocker however many creatures it blocks (`first` says whether this
 * is the blocker's first block of the declaration).
 *
 * @example
 * ```ts
 * blockCharges(g, hipparion, hillGiant, true); // one {1} charge: Hill Giant's power is 3
 * ```
 */
export function blockCharges(g: G, blocker: GameObject, attacker: GameObject, first: boolean): Charge[] {
  const list = activeStatics(g, 'CantBlockUnless');
  if (list.length === 0) return [];
  const out: Charge[] = [];
  for (const s of list) {
    const vc = param(s.ref, 'ValidCard');
    if (vc !== undefined && !matchesCard(s.run, vc, seen(s.run, blocker))) continue;
    const va = param(s.ref, 'Attacker');
    if (va === undefined ? !first : !matchesCard(s.run, va, seen(s.run, attacker))) continue;
    const c = charge(s);
    if (c) out.push(c);
  }
  return out;
}

/** Several charges as one cost: mana added up, like parts (sacrifice a land twice) merged. */
function total(charges: readonly Charge[]): { mana: ManaCost; cost: Cost } {
  const mana: ManaCost = { generic: 0, shards: [] };
  const parts: CostPart[] = [];
  for (const c of charges) {
    mana.generic += c.mana.generic;
    mana.shards.push(...c.mana.shards);
    for (const p of c.parts) {
      const same = parts.find((q) => q.kind === p.kind && JSON.stringify({ ...q, n: '' }) === JSON.stringify({ ...p, n: '' }));
      if (same && 'n' in same && 'n' in p) (same as { n: string }).n = String(Number(same.n) + Number(p.n));
      else parts.push({ ...p });
    }
  }
  return { mana, cost: { mana: [], xCount: 0, parts } };
}

/**
 * Whether `seat` can pay all of `charges` together once the creatures in `willTap` are tapped
 * (attackers become tapped before the cost is paid, CR 508.1f, so an attacking Llanowar Elves
 * cannot make the mana for its own attack).
 *
 * @example
 * ```ts
 * canPayCharges(g, 0, [...committed, ...attackCharges(g, bears, 1, null)], new Set([bears.id]));
 * ```
 */
export function canPayCharges(g: G, seat: Seat, charges: readonly Charge[], willTap: ReadonlySet<number>): boolean {
  if (charges.length === 0) return true;
  const { mana, cost } = total(charges);
  const run: Run = { g, you: seat, host: charges[0]!.host.id };
  if (nonManaBlocker(g, run, cost, charges[0]!.host) !== null) return false;
  if (mana.generic === 0 && mana.shards.length === 0) return true;
  const player = g.s.players[seat];
  const sources = manaSources(g, seat).filter((x) => !willTap.has(x.id));
  return planPayment(mana, player.pool, sources, player.life) !== null;
}

/**
 * The text shown beside a declaration option that costs something: ` (pay {2})`, or nothing.
 *
 * @example
 * ```ts
 * chargeLabel([]); // ''
 * ```
 */
export function chargeLabel(charges: readonly Charge[]): string {
  if (charges.length === 0) return '';
  const { mana } = total(charges);
  const words = [...(mana.generic > 0 || mana.shards.length > 0 ? [costText(mana)] : []), ...charges.filter((c) => c.parts.length > 0).map((c) => c.text)];
  return ` (pay ${words.join(' ')})`;
}

/**
 * Pays the locked-in total (CR 508.1h–j, 509.1d–f); false when the mana could not be paid after
 * all (then nothing was spent: the payer plans the whole payment before tapping anything).
 *
 * @example
 * ```ts
 * yield* payCharges(g, 0, charges);
 * ```
 */
export function* payCharges(g: G, seat: Seat, charges: readonly Charge[]): Gen<boolean> {
  if (charges.length === 0) return true;
  const { mana, cost } = total(charges);
  if ((mana.generic > 0 || mana.shards.length > 0) && !(yield* payMana(g, seat, mana))) return false;
  const host = charges[0]!.host;
  if (cost.parts.length > 0) yield* payNonMana(g, { g, you: seat, host: host.id }, cost, host, emptyItem(g, host, seat, '', 'ability'));
  return true;
}
