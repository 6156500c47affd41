/**
 * Mana: costs (CR 202, 107.4), pools (CR 106.4), mana abilities (CR 605) and the automatic
 * payer. The payer plans which untapped sources to tap and which pool mana to spend so that a
 * cost is paid, preferring the least flexible source for each coloured shard so that flexible
 * sources stay available, and backtracking when a greedy choice would strand a later shard. Only
 * mana abilities whose whole cost is `{T}`, `{T}` and life, or sacrificing the source itself
 * (with or without `{T}`: Black Lotus, a Treasure, an Eldrazi Spawn) are used automatically, the
 * last only when nothing else pays; the others (a filter land's `{1}`, Skirk Prospector's
 * "sacrifice a Goblin", which asks which) are activated by the player at priority, which floats mana.
 */
import type { Seat } from './choice.js';
import { param, resolveNode, type NodeRef } from './cards.js';
import type { G, Run } from './context.js';
import type { CardRegistry } from '../cards/index.js';
import { objectMatches } from './select.js';
import { chars } from './layers.js';
import { activeStatics, type ActiveStatic } from './statics.js';
import { activationStopped } from './activation-stops.js';
import { evalNumber } from './values.js';
import type { GameObject, ManaColour, ManaUnit } from './types.js';
import { splitCost } from '../cards/index.js';

export const COLOURS: readonly ManaColour[] = ['W', 'U', 'B', 'R', 'G'];

/** One mana symbol of a cost. */
export type Shard =
  { t: 'colour'; c: ManaColour } | { t: 'hybrid'; a: ManaColour; b: ManaColour } | { t: 'twobrid'; c: ManaColour } | { t: 'phyrexian'; c: ManaColour };

/** A mana cost: generic amount plus symbols that need particular mana. */
export type ManaCost = { generic: number; shards: Shard[] };

const isColour = (c: string): c is ManaColour => c === 'W' || c === 'U' || c === 'B' || c === 'R' || c === 'G' || c === 'C';

/**
 * Reads a Forge mana cost (`2 U U`, `X R`, `W/U`, `2/W`, `W/P`, `C`), with X as given.
 *
 * @example
 * ```ts
 * parseManaCost('X R', 3); // { generic: 3, shards: [{ t: 'colour', c: 'R' }] }
 * ```
 */
export function parseManaCost(text: string | null, x = 0): ManaCost {
  const cost: ManaCost = { generic: 0, shards: [] };
  if (text === null) return cost;
  for (const part of splitCost(text)) addShard(cost, part, x);
  return cost;
}

/**
 * Adds one cost part if it is mana; returns false for non-mana parts (`T`, `Sac<…>`).
 *
 * @example
 * ```ts
 * const cost = { generic: 0, shards: [] };
 * addShard(cost, 'W/U', 0); // true: a hybrid shard
 * ```
 */
export function addShard(cost: ManaCost, part: string, x: number): boolean {
  if (/^\d+$/.test(part)) {
    cost.generic += Number(part);
    return true;
  }
  if (part === 'X' || part === 'XX') {
    cost.generic += x * part.length;
    return true;
  }
  if (part.length === 1 && isColour(part)) {
    cost.shards.push({ t: 'colour', c: part });
    return true;
  }
  let m = /^([WUBRG])\/?([WUBRG])$/.exec(part);
  if (m) {
    cost.shards.push({ t: 'hybrid', a: m[1] as ManaColour, b: m[2] as ManaColour });
    return true;
  }
  m = /^2\/?([WUBRG])$/.exec(part);
  if (m) {
    cost.shards.push({ t: 'twobrid', c: m[1] as ManaColour });
    return true;
  }
  m = /^(?:([WUBRG])\/?P|P\/?([WUBRG]))$/.exec(part);
  if (m) {
    cost.shards.push({ t: 'phyrexian', c: (m[1] ?? m[2]) as ManaColour });
    return true;
  }
  if (part === 'S') {
    cost.generic += 1;
    return true;
  }
  return false;
}

/**
 * What a mana ability makes: `amount` mana of one of `colours` per activation, or all of `each`.
 * `combo` (`Produced$ Combo ...`: "X mana in any combination of {R} and/or {G}") lets each of the
 * `amount` mana be a different one of `colours`.
 */
export type ManaOutput = { colours: ManaColour[]; amount: number; each: ManaColour[] | null; combo?: true };

/**
 * What a `Mana` ability produces (`Produced$ G`, `Any`, `Combo W U`, `R G`, `Amount$ 2`).
 *
 * @example
 * ```ts
 * manaOutput(run, ref); // { colours: ['W','U','B','R','G'], amount: 3, each: null } for Black Lotus
 * ```
 */
export function manaOutput(run: Run, ref: NodeRef): ManaOutput {
  if (ref.node.head === 'ManaReflected') return reflectedOutput(run, ref);
  const produced = (param(ref, 'Produced') ?? 'C').trim();
  let amount = Math.max(0, evalNumber(run, param(ref, 'Amount') ?? '1'));
  const bonus = param(ref, 'Bonus');
  if (bonus !== undefined && bonusHolds(run, bonus)) amount += Math.max(0, evalNumber(run, param(ref, 'BonusProduced') ?? '0'));
  if (produced === 'Any' || produced === 'Combo Any' || produced === 'Combo ColorIdentity' || produced === 'Chosen') {
    const host = run.host ? run.g.s.objects[run.host] : undefined;
    const chosen = produced === 'Chosen' ? host?.chosen.colour : undefined;
    const letter = chosen ? ({ White: 'W', Blue: 'U', Black: 'B', Red: 'R', Green: 'G' } as Record<string, ManaColour>)[chosen] : undefined;
    const out: ManaOutput = { colours: letter ? [letter] : [...COLOURS], amount, each: null };
    if (produced.startsWith('Combo ')) out.combo = true;
    return out;
  }
  if (produced.startsWith('Combo ')) {
    const colours = produced.slice(6).split(/\s+/).filter(isColour);
    return { colours, amount, each: null, combo: true };
  }
  const parts = produced.split(/\s+/).filter(isColour);
  if (parts.length > 1) return { colours: [], amount: 1, each: parts };
  return { colours: parts.length === 1 ? [parts[0]!] : ['C'], amount, each: null };
}

/**
 * Whether a mana ability's `Bonus$` condition holds. `UrzaLands` (Urza's Tower, Mine and
 * Power-Plant: "If you control an Urza's Mine and an Urza's Power-Plant, add {C}{C}{C} instead"):
 * the ability's controller controls a land of each of the three Urza's types (CR 205.3i), the
 * source itself counting for its own.
 */
function bonusHolds(run: Run, bonus: string): boolean {
  if (bonus !== 'UrzaLands') return false;
  const need = new Set(['Mine', 'Power-Plant', 'Tower']);
  for (const id of run.g.s.zones['battlefield']!) {
    const c = chars(run.g, run.g.s.objects[id]!);
    if (c.controller !== run.you || !c.subtypes.includes("Urza's")) continue;
    for (const t of c.subtypes) need.delete(t);
    if (need.size === 0) return true;
  }
  return false;
}

/**
 * One mana of a colour reflected from other objects, by `ReflectProperty$`: `Produce` (the
 * default), a colour the lands matching `Valid$` could produce (Fellwar Stone); `Is`, a colour
 * those objects are (Mox Amber: "any color among legendary creatures and planeswalkers you
 * control"); `Produced`, a type of mana the triggering mana ability just made (Mana Reflection's
 * kin: "one mana of any type that land produced").
 */
function reflectedOutput(run: Run, ref: NodeRef): ManaOutput {
  const g = run.g;
  const sel = param(ref, 'Valid') ?? 'Land.YouCtrl';
  const property = param(ref, 'ReflectProperty') ?? 'Produce';
  const colours = new Set<ManaColour>();
  if (property === 'Produced') {
    for (const c of run.trigger?.produced ?? []) if (c !== 'C' || param(ref, 'ColorOrType') === 'Type') colours.add(c);
  }
  for (const id of property === 'Produced' ? [] : g.s.zones['battlefield']!) {
    const o = g.s.objects[id]!;
    if (!objectMatches(run, sel, o)) continue;
    if (property === 'Is') {
      for (const c of chars(g, o).colours) colours.add(c as ManaColour);
      continue;
    }
    for (const key of chars(g, o).abilities) {
      const r = resolveNode(g.registry, key);
      if (r.node.head !== 'Mana') continue;
      const out = manaOutput({ g, you: chars(g, o).controller, host: o.id, ref: r }, r);
      for (const c of out.each ?? out.colours) if (c !== 'C' || param(ref, 'ColorOrType') === 'Type') colours.add(c);
    }
  }
  return { colours: [...COLOURS, 'C' as ManaColour].filter((c) => colours.has(c)), amount: colours.size > 0 ? 1 : 0, each: null };
}

/**
 * A mana source the automatic payer may tap. A permanent with several one-mana abilities (a dual
 * land's "{T}: Add {R}" and "{T}: Add {W}") is one source making any of their colours; `keys`
 * says which ability makes which.
 */
export type AutoSource = {
  id: number;
  key: string;
  out: ManaOutput;
  keys?: Partial<Record<ManaColour, string>>;
  /** The life its activation costs (a Horizon land's 1); absent for `{T}` alone. */
  life?: number;
  /** Its activation sacrifices it (Black Lotus, a Treasure): used only when nothing else pays. */
  sacrificed?: true;
};

/** The ability of `s` that makes `colour`. */
function keyFor(s: AutoSource, colour: ManaColour): string {
  return s.keys?.[colour] ?? s.key;
}

/**
 * Whether a node is a mana ability (CR 605.1a): a `Mana` ability without targets.
 *
 * @example
 * ```ts
 * isManaAbility(resolveNode(registry, 'Llanowar Elves|0|a|0')); // true
 * ```
 */
export function isManaAbility(ref: NodeRef): boolean {
  return (ref.node.head === 'Mana' || ref.node.head === 'ManaReflected') && ref.node.record === 'AB' && param(ref, 'ValidTgts') === undefined;
}

/**
 * What the automatic payer needs of an ability, read once per node key: whether it is a mana
 * ability it may use by itself (its whole cost is `{T}`, `{T}` and life, or sacrificing itself
 * with or without `{T}`, with no restriction, limit, condition or sub-ability), the life it costs
 * (Horizon Canopy's `T PayLife<1>`), whether it taps and whether it sacrifices its source, and
 * what it makes when that does not depend on the game (`Produced$` other than `Chosen`,
 * `Amount$` absent or a number). Outputs are shared: their users never change them.
 */
type SourcePlan = { ref: NodeRef; auto: boolean; fixed: boolean; output: ManaOutput | null; life: number; taps: boolean; sacrifices: boolean };
/** `{T}`, or `{T}` and life: costs the automatic payer pays by itself (with `SELF_SACRIFICE`). */
const AUTO_COST = /^T(?: PayLife<(\d+)>)?$/;
/** Sacrificing the source, with or without `{T}` (Black Lotus, a Treasure, an Eldrazi Spawn). */
const SELF_SACRIFICE = /^(T )?Sac<1\/CARDNAME>$/;
const sourcePlans = new WeakMap<CardRegistry, Map<string, SourcePlan>>();
const LITERAL = /^[+-]?\d+$/;

function sourcePlan(registry: CardRegistry, key: string): SourcePlan {
  let plans = sourcePlans.get(registry);
  if (!plans) sourcePlans.set(registry, (plans = new Map()));
  let plan = plans.get(key);
  if (plan) return plan;
  const ref = resolveNode(registry, key);
  const costText = (param(ref, 'Cost') ?? '').trim();
  const costMatch = AUTO_COST.exec(costText);
  const sacMatch = SELF_SACRIFICE.exec(costText);
  const auto =
    isManaAbility(ref) &&
    (costMatch !== null || sacMatch !== null) &&
    param(ref, 'RestrictValid') === undefined &&
    param(ref, 'ActivationLimit') === undefined &&
    param(ref, 'IsPresent') === undefined &&
    param(ref, 'ConditionCheckSVar') === undefined &&
    param(ref, 'SubAbility') === undefined;
  const amount = param(ref, 'Amount');
  const fixed =
    auto &&
    ref.node.head === 'Mana' &&
    (param(ref, 'Produced') ?? 'C').trim() !== 'Chosen' &&
    (amount === undefined || LITERAL.test(amount.trim())) &&
    param(ref, 'Bonus') === undefined; // the Tron lands make more with the other two
  plan = {
    ref,
    auto,
    fixed,
    output: null,
    life: costMatch?.[1] !== undefined ? Number(costMatch[1]) : 0,
    taps: sacMatch === null || sacMatch[1] !== undefined,
    sacrifices: sacMatch !== null,
  };
  plans.set(key, plan);
  return plan;
}

/**
 * The sources the automatic payer may use for `seat`: untapped permanents it controls with a
 * mana ability whose whole cost is `{T}` (a creature must not be summoning sick, CR 302.6), and
 * permanents whose mana ability sacrifices them (untapped too when it also taps).
 * @example
 * ```ts
 * autoSources(g, 0, (o) => isSick(g, o)).length; // untapped lands and mana creatures
 * ```
 */
export function autoSources(g: G, seat: Seat, summoningSick: (o: GameObject) => boolean): AutoSource[] {
  const out: AutoSource[] = [];
  const found: AutoSource[] = [];
  let stops: readonly ActiveStatic[] | undefined;
  for (const id of g.s.zones['battlefield']!) {
    const o = g.s.objects[id]!;
    const c = chars(g, o);
    if (c.controller !== seat) continue;
    for (const key of c.abilities) {
      const plan = sourcePlan(g.registry, key);
      if (!plan.auto) continue;
      if (plan.taps && (o.tapped || (c.cardTypes.includes('Creature') && summoningSick(o)))) continue;
      let out1 = plan.output;
      if (!out1) {
        out1 = manaOutput({ g, you: seat, host: id, ref: plan.ref }, plan.ref);
        if (plan.fixed) plan.output = out1;
      }
      if (out1.amount <= 0 && !out1.each) continue;
      const source: AutoSource = plan.life > 0 ? { id, key, out: out1, life: plan.life } : { id, key, out: out1 };
      if (plan.sacrifices) source.sacrificed = true;
      found.push(source);
    }
    // The payer activates these abilities too: what stops their activation stops it (CR 602.5).
    if (found.length > 0 && activationStopped(seat, o, c, true, (stops ??= activeStatics(g, 'CantBeActivated')))) found.length = 0;
    if (found.length === 1) out.push(found[0]!);
    else if (found.length > 1) out.push(...mergeSources(found));
    found.length = 0;
  }
  return out;
}

/**
 * One permanent's tap-for-mana abilities as sources: one source when each makes one mana of fixed
 * colours (so a dual land pays either colour), else its first ability alone, as a tap pays for
 * only one of them.
 */
function mergeSources(found: AutoSource[]): AutoSource[] {
  if (found.length <= 1) return [...found];
  // Abilities that cost life or the source itself beside free ones: the free ones alone, so a
  // merged source costs one amount of life and is never sacrificed for what a tap would make.
  if (found.some((s) => s.sacrificed) && found.some((s) => !s.sacrificed)) found = found.filter((s) => !s.sacrificed);
  if (found.some((s) => (s.life ?? 0) !== (found[0]!.life ?? 0))) found = found.filter((s) => (s.life ?? 0) === 0);
  if (found.length <= 1 || found.some((s) => s.out.each || s.out.amount !== 1)) return found.slice(0, 1);
  const keys: Partial<Record<ManaColour, string>> = {};
  for (const s of found) for (const c of s.out.colours) keys[c] ??= s.key;
  const colours = [...COLOURS, 'C' as ManaColour].filter((c) => keys[c] !== undefined);
  const merged: AutoSource = { id: found[0]!.id, key: found[0]!.key, out: { ...found[0]!.out, colours }, keys };
  if (found[0]!.life !== undefined) merged.life = found[0]!.life;
  if (found[0]!.sacrificed) merged.sacrificed = true;
  return [merged];
}

/** A payment plan: pool units to spend (by index) and sources to tap with the colour to make. */
export type PayPlan = { pool: number[]; taps: { id: number; key: string; colour: ManaColour | null }[]; life: number };

/**
 * The payer's order of cost: free sources first, then those that cost life, then those that are
 * sacrificed, so the plan uses the dearer ones only when the others cannot pay.
 */
function byCost(a: AutoSource, b: AutoSource): number {
  return Number(a.sacrificed === true) - Number(b.sacrificed === true) || (a.life ?? 0) - (b.life ?? 0);
}

function flexibility(s: AutoSource): number {
  return s.out.each ? s.out.each.length : s.out.colours.length;
}

function canMake(s: AutoSource, c: ManaColour): boolean {
  return s.out.each ? s.out.each.includes(c) : s.out.colours.includes(c);
}

function shardOptions(s: Shard): ManaColour[] {
  switch (s.t) {
    case 'colour':
    case 'twobrid':
    case 'phyrexian':
      return [s.c];
    case 'hybrid':
      return [s.a, s.b];
  }
}

/**
 * Plans paying `cost` from the pool and the given sources, or returns null when it cannot be
 * paid. Deterministic: the same inputs always give the same plan.
 *
 * @example
 * ```ts
 * planPayment(parseManaCost('1 G'), [], sources, 20); // { pool: [], taps: [forest, mountain], life: 0 }
 * ```
 */
export function planPayment(cost: ManaCost, pool: readonly ManaUnit[], sources: readonly AutoSource[], life: number): PayPlan | null {
  const total = pool.length + sources.reduce((n, s) => n + (s.out.each ? s.out.each.length : s.out.amount), 0);
  const needed = cost.generic + cost.shards.filter((s) => s.t !== 'phyrexian').length;
  if (total < needed) return null;
  // Order shards: fewest options first, so constrained ones pick before flexible ones.
  const shards = [...cost.shards].sort((a, b) => shardOptions(a).length - shardOptions(b).length);
  // Sources that cost life last (CR 119.4: a player pays life only up to their life total), and
  // after them those that are sacrificed, so the plan uses them only when the others cannot pay.
  const sorted = [...sources].sort((a, b) => byCost(a, b) || flexibility(a) - flexibility(b) || a.id - b.id);
  const poolLeft = pool.map((u, i) => ({ c: u.c, i, used: false }));
  const taps: PayPlan['taps'] = [];
  const usedSources = new Set<number>();
  // Mana made by tapped sources beyond what a shard used, available to later shards.
  const extra: ManaColour[] = [];
  let lifePaid = 0;
  // Life the planned taps cost (paid by their activations, not by the plan's `life`).
  let sourceLife = 0;
  const affords = (s: AutoSource): boolean => s.life === undefined || life - lifePaid - sourceLife >= s.life;

  const dfs = (k: number): boolean => {
    if (k === shards.length) return payGeneric();
    const shard = shards[k]!;
    const options = shardOptions(shard);
    // 1. pool mana of a right colour
    for (const c of options) {
      const unit = poolLeft.find((u) => !u.used && u.c === c);
      if (unit) {
        unit.used = true;
        if (dfs(k + 1)) return true;
        unit.used = false;
      }
    }
    // 2. extra mana already made
    for (const c of options) {
      const at = extra.indexOf(c);
      if (at >= 0) {
        extra.splice(at, 1);
        if (dfs(k + 1)) return true;
        extra.splice(at, 0, c);
      }
    }
    // 3. tap a source (interchangeable sources are tried once)
    const tried = new Set<string>();
    for (const s of sorted) {
      if (usedSources.has(s.id) || !affords(s)) continue;
      for (const c of options) {
        if (!canMake(s, c)) continue;
        const signature = `${s.out.each?.join('') ?? s.out.colours.join('')}:${s.out.amount}:${c}:${s.life ?? 0}:${s.sacrificed === true}`;
        if (tried.has(signature)) continue;
        tried.add(signature);
        usedSources.add(s.id);
        sourceLife += s.life ?? 0;
        const made: ManaColour[] = s.out.each ? [...s.out.each] : Array.from({ length: s.out.amount }, () => c);
        made.splice(made.indexOf(c), 1);
        taps.push({ id: s.id, key: keyFor(s, c), colour: s.out.each ? null : c });
        extra.push(...made);
        if (dfs(k + 1)) return true;
        extra.splice(extra.length - made.length, made.length);
        taps.pop();
        usedSources.delete(s.id);
        sourceLife -= s.life ?? 0;
      }
    }
    // 4. a phyrexian shard may be paid with 2 life (CR 107.4f); a twobrid with two generic.
    if (shard.t === 'phyrexian' && life - lifePaid >= 2) {
      lifePaid += 2;
      if (dfs(k + 1)) return true;
      lifePaid -= 2;
    }
    if (shard.t === 'twobrid') {
      cost = { ...cost, generic: cost.generic + 2 };
      if (dfs(k + 1)) return true;
      cost = { ...cost, generic: cost.generic - 2 };
    }
    return false;
  };

  const payGeneric = (): boolean => {
    let need = cost.generic;
    const poolUse: typeof poolLeft = [];
    for (const u of poolLeft) {
      if (need === 0) break;
      if (!u.used) {
        poolUse.push(u);
        need--;
      }
    }
    need -= Math.min(need, extra.length);
    const added: PayPlan['taps'] = [];
    // Free sources before those that cost life or are sacrificed; colourless-only sources first, then the least flexible.
    const rest = sorted
      .filter((s) => !usedSources.has(s.id))
      .sort(
        (a, b) =>
          byCost(a, b) ||
          Number(canMake(b, 'C') && flexibility(b) === 1) - Number(canMake(a, 'C') && flexibility(a) === 1) ||
          flexibility(a) - flexibility(b) ||
          a.id - b.id,
      );
    let genericLife = 0;
    for (const s of rest) {
      if (need <= 0) break;
      if (s.life !== undefined && life - lifePaid - sourceLife - genericLife < s.life) continue;
      genericLife += s.life ?? 0;
      const n = s.out.each ? s.out.each.length : s.out.amount;
      added.push({ id: s.id, key: keyFor(s, s.out.colours[0]!), colour: s.out.each ? null : s.out.colours[0]! });
      need -= n;
    }
    if (need > 0) return false;
    for (const u of poolUse) u.used = true;
    taps.push(...added);
    return true;
  };

  if (!dfs(0)) return null;
  return { pool: poolLeft.filter((u) => u.used).map((u) => u.i), taps, life: lifePaid };
}

/**
 * How much mana a seat could make at most right now (pool plus automatic sources).
 *
 * @example
 * ```ts
 * manaAvailable(g.s.players[0].pool, sources); // 5
 * ```
 */
export function manaAvailable(pool: readonly ManaUnit[], sources: readonly AutoSource[]): number {
  return pool.length + sources.reduce((n, s) => n + (s.out.each ? s.out.each.length : s.out.amount), 0);
}

/**
 * A cost as text, for labels (`{2}{U}{U}`).
 *
 * @example
 * ```ts
 * costText(parseManaCost('2 U U')); // '{2}{U}{U}'
 * ```
 */
export function costText(cost: ManaCost): string {
  const parts: string[] = [];
  if (cost.generic > 0 || cost.shards.length === 0) parts.push(`{${cost.generic}}`);
  for (const s of cost.shards) {
    if (s.t === 'colour') parts.push(`{${s.c}}`);
    else if (s.t === 'hybrid') parts.push(`{${s.a}/${s.b}}`);
    else if (s.t === 'twobrid') parts.push(`{2/${s.c}}`);
    else parts.push(`{${s.c}/P}`);
  }
  return parts.join('');
}
