/**
 * Awaken (CR 702.113a): "Awaken N—[cost]" means "You may pay [cost] rather than pay this spell's
 * mana cost as you cast this spell" and "If this spell's awaken cost was paid, put N +1/+1
 * counters on target land you control. That land becomes a 0/0 Elemental creature with haste.
 * It's still a land."
 *
 * The target exists only when the awaken cost is paid, so the awakened spell is a spell ability
 * of its own, as Forge writes it: a copy of each of the face's spell abilities with the awaken
 * cost for its `Cost$` (an alternative cost, CR 118.9: the spell's mana value stays the printed
 * one, CR 118.9c) and, after the copy's whole chain of sub-abilities, a `PutCounter` on target
 * land you control and an `Animate` of that land (0/0 Elemental creature with haste, for good:
 * Awaken's effect has no duration, CR 611.2a). The chain's SVars are copied under fresh names so
 * the printed spell stays as it was. The engine offers the copy as `cast NAME (Awaken N—…)` and
 * never combines it with another alternative cost (cast.ts, CR 118.9a).
 */
import { paramValue, parseParams } from '../tokens.js';
import type { Params } from '../tokens.js';
import { amountArg, costArg, isError, registerKeyword } from './registry.js';

/** A parameter map written back as a script line, keys as written. */
function lineOf(params: Params): string {
  return Object.entries(params)
    .map(([k, v]) => `${k}$ ${v}`)
    .join(' | ');
}

/** A copy of `params` with `key` (matched case-insensitively, as Forge reads keys) set or removed. */
function withParam(params: Params, key: string, value: string | undefined): Params {
  const out: Params = {};
  let done = false;
  for (const [k, v] of Object.entries(params)) {
    if (k.toLowerCase() !== key.toLowerCase()) out[k] = v;
    else if (value !== undefined && !done) {
      out[k] = value;
      done = true;
    }
  }
  if (value !== undefined && !done) out[key] = value;
  return out;
}

registerKeyword('Awaken', (keyword, ctx) => {
  const n = amountArg(keyword, ctx, 0);
  if (isError(n)) return n;
  const cost = costArg(keyword, 1);
  if (isError(cost)) return cost;
  const spells = ctx.face.abilities.filter((a) => a.record === 'SP' && a.origin === undefined);
  if (spells.length === 0) return { error: 'Awaken needs a spell ability (an A:SP$ line) to cast awakened' };
  const abilities: string[] = [];
  const svars: Array<[string, string]> = [];
  const reminder = `Awaken ${n}—${cost} (put ${n} +1/+1 counters on target land you control and it becomes a 0/0 Elemental creature with haste)`;
  for (const spell of spells) {
    // The printed chain, SVar by SVar (a cycle or a missing SVar ends it: the link stage reports those).
    const chain: Params[] = [];
    const seen = new Set<string>();
    for (let sub = paramValue(spell.params, 'SubAbility'); sub !== undefined && !seen.has(sub);) {
      seen.add(sub);
      const text = ctx.face.svars[sub]?.text;
      if (text === undefined) break;
      const params = parseParams(text).params;
      chain.push(params);
      sub = paramValue(params, 'SubAbility');
    }
    const names = chain.map(() => ctx.svar('copy'));
    const counters = ctx.svar('counters');
    const animate = ctx.svar('animate');
    const next = (i: number) => names[i] ?? counters;
    const description = paramValue(spell.params, 'SpellDescription');
    let root = withParam(spell.params, 'Cost', cost);
    root = withParam(root, 'SubAbility', next(0));
    root = withParam(root, 'SpellDescription', description ? `${reminder}: ${description}` : reminder);
    abilities.push(lineOf(root));
    chain.forEach((params, i) => svars.push([names[i]!, lineOf(withParam(params, 'SubAbility', next(i + 1)))]));
    svars.push([
      counters,
      `DB$ PutCounter | ValidTgts$ Land.YouCtrl | TgtPrompt$ Select target land you control | CounterType$ P1P1 | CounterNum$ ${n} | SubAbility$ ${animate}`,
    ]);
    svars.push([animate, 'DB$ Animate | Defined$ ParentTarget | Power$ 0 | Toughness$ 0 | Types$ Creature,Elemental | Keywords$ Haste | Duration$ Permanent']);
  }
  return { abilities, svars };
});
