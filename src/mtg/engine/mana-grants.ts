/**
 * Mana that gives the spell it is spent on an ability: Generator Servant's "Add {C}{C}. If that
 * mana is spent on a creature spell, it gains haste until end of turn" (Forge's `AddsKeywords$`,
 * `AddsKeywordsType$`, `AddsKeywordsUntil$` on a mana ability). Each mana unit it makes carries the
 * ability's node key (`ManaUnit.grant`); a spell matching `AddsKeywordsType$` paid with such mana
 * notes the key (`GameObject.manaGrants`, kept from the stack onto the battlefield like X), and the
 * permanent it becomes gains the keywords as it enters (CR 400.7: the effect is about the spell's
 * permanent, the same card the mana was spent on; CR 611.2 for its duration).
 */
import { declareParamForms, declareParamReads } from '../cards/index.js';
import { param, resolveNode, type NodeRef } from './cards.js';
import type { G, Run } from './context.js';
import { chars } from './layers.js';
import { matchesCard, seen } from './select.js';
import { addEffect } from './effects/util.js';
import type { Duration, GameObject, ManaUnit } from './types.js';

declareParamReads('engine:mana-grants', ['AddsKeywords', 'AddsKeywordsType', 'AddsKeywordsUntil'], ['ability']);
// Keywords that act as the permanent enters (riot, CR 702.136a: Domri, Chaos Bringer) would have to
// be the spell's before it resolves; only haste, which matters once it is on the battlefield, is given.
declareParamForms('engine:mana-grants', 'ability', 'Mana', 'AddsKeywords', (v) => v.trim() === 'Haste');

/**
 * The mark a mana unit made by `ref` carries: the ability's key when it grants keywords.
 *
 * @example
 * ```ts
 * pool.push({ c: 'C', src: servant.id, ...manaGrant(ref) });
 * ```
 */
export function manaGrant(ref: NodeRef): { grant?: string } {
  // Read once per ability: every mana ability activation asks.
  let mark = grants.get(ref);
  if (!mark) grants.set(ref, (mark = param(ref, 'AddsKeywords') === undefined ? NO_GRANT : { grant: ref.key }));
  return mark;
}
const grants = new WeakMap<NodeRef, { grant?: string }>();
const NO_GRANT: { grant?: string } = {};

/**
 * Notes on a spell being cast the grants of the mana spent on it whose `AddsKeywordsType$` it
 * matches (as a spell, CR 601.2h: the mana is spent as its costs are paid).
 *
 * @example
 * ```ts
 * noteManaGrants(g, seat, creatureSpell, spentUnits);
 * ```
 */
export function noteManaGrants(g: G, seat: number, spell: GameObject, units: readonly ManaUnit[]): void {
  const keys: string[] = [];
  for (const u of units) if (u.grant !== undefined && !keys.includes(u.grant)) keys.push(u.grant);
  if (keys.length === 0) return;
  const run: Run = { g, you: seat as 0 | 1, host: spell.id };
  const kept = keys.filter((k) => {
    const type = param(resolveNode(g.registry, k), 'AddsKeywordsType');
    return type === undefined || matchesCard(run, type, seen(run, spell));
  });
  if (kept.length > 0) spell.manaGrants = kept;
}

/**
 * Gives a permanent that just entered from the stack the keywords of the mana spent on its spell.
 *
 * @example
 * ```ts
 * grantManaKeywords(g, entered);
 * ```
 */
export function grantManaKeywords(g: G, o: GameObject): void {
  const keys = o.manaGrants;
  if (!keys) return;
  for (const k of keys) {
    const ref = resolveNode(g.registry, k);
    const kws = (param(ref, 'AddsKeywords') ?? '').split('&').map((w) => w.trim());
    // "Until end of turn" (`UntilEOT`); written without it (Hall of the Bandit Lord), for as long as it is on the battlefield.
    const duration: Duration = param(ref, 'AddsKeywordsUntil') === 'UntilEOT' ? { until: 'eot' } : { until: 'forever' };
    addEffect({ g, you: chars(g, o).controller, host: o.id }, [o], { addKeywords: kws }, duration);
  }
}
