/**
 * Upkeep costs written as keywords: `UpkeepCost:<cost>` ("at the beginning of your upkeep,
 * sacrifice this unless you pay <cost>"), `Cumulative upkeep:<cost>` (CR 702.24a: an age
 * counter, then pay the cost once per age counter or sacrifice it) and `Echo:<cost>` (CR 702.30:
 * the same, but only at the first upkeep of its controller since it came under their control).
 *
 * They are triggered abilities (CR 603): the card compiler expands a printed `UpkeepCost` or
 * `Cumulative upkeep` into a beginning-of-upkeep trigger (`cards/keywords/upkeep-cost.ts`) whose
 * effect is `PayUpkeepCost`, below, so it goes on the stack with the other upkeep triggers and
 * the players may respond to it; the age counter is put on and the cost paid as it resolves. What
 * {@link upkeepCosts} still pays at the start of the upkeep, before anyone gets priority, is echo
 * (its trigger condition, "came under your control since your last upkeep", is not one a script
 * can write) and an upkeep cost granted by another effect, which the compiler never saw.
 */
import { askYesNo, type Gen, type YesNoAbout } from './ask.js';
import { keywordOf, param } from './cards.js';
import { touch, type G, type Run } from './context.js';
import { chars } from './layers.js';
import { lkiOf, putCounters, sacrifice } from './actions.js';
import { canPayMana, manaOf, nonManaBlocker, parseCost, payMana, payNonMana } from './costs.js';
import { emptyItem } from './stackitem.js';
import { registerEffect } from './resolve.js';
import { registerPrimitive } from '../cards/index.js';
import type { GameObject } from './types.js';

registerPrimitive('kw:UpkeepCost');
registerPrimitive('kw:Cumulative upkeep');
registerPrimitive('kw:Echo');

/**
 * Where a permanent with echo notes the control it has been echoed for: the `controlSince` tick
 * of the control that already met an upkeep. A zone change clears `stored` and control changes
 * move `controlSince`, so either makes the echo due again (CR 702.30a: "if this permanent came
 * under your control since the beginning of your last upkeep"). `#` is never in an SVar name,
 * so no script's StoreSVar can collide with it.
 */
const ECHOED = '#echo';

/** Whether a permanent's echo is due at this upkeep; notes that it was asked, so once only. */
function echoDue(g: G, o: GameObject): boolean {
  if (o.stored[ECHOED] === o.controlSince) return false;
  o.stored[ECHOED] = o.controlSince;
  touch(g);
  return true;
}

function* payOrSacrifice(g: G, o: GameObject, costText: string, times: number): Gen<void> {
  const seat = chars(g, o).controller;
  const cost = parseCost(costText);
  const mana = manaOf(cost, 0);
  const total = { generic: mana.generic * times, shards: Array.from({ length: times }, () => mana.shards).flat() };
  const run: Run = { g, you: seat, host: o.id };
  const nonMana = { ...cost, parts: Array.from({ length: times }, () => cost.parts).flat() };
  const payable = nonManaBlocker(g, run, nonMana, o) === null && (total.generic + total.shards.length === 0 || canPayMana(g, seat, total));
  const name = chars(g, o).name;
  // An "unless" cost: no sacrifices it. The cost is written out once per time it is paid.
  const about: YesNoAbout = {
    kind: 'unless',
    source: { id: o.id, name },
    controller: seat,
    effects: [{ api: 'Sacrifice', targets: [{ card: o.id, name, controller: seat }], valid: 'Self' }],
    cost: Array.from({ length: times }, () => costText).join(' '),
    mana: total.generic + total.shards.length,
  };
  if (payable && (yield* askYesNo(g, seat, `Pay ${costText}${times > 1 ? ` ×${times}` : ''} to keep ${name}?`, about))) {
    if (total.generic + total.shards.length > 0 && !(yield* payMana(g, seat, total))) {
      yield* sacrifice(g, [o]);
      return;
    }
    yield* payNonMana(g, run, nonMana, o, emptyItem(g, o, seat, '', 'ability'));
    return;
  }
  yield* sacrifice(g, [o]);
}

/**
 * The effect of an expanded upkeep-cost trigger (`DB$ PayUpkeepCost | Upkeep$ <cost>`, with
 * `Cumulative$ True` for cumulative upkeep): as it resolves, if its source is still the permanent
 * that triggered, it pays the cost (once per age counter, after putting one on, CR 702.24a) or
 * sacrifices it.
 */
registerEffect(
  'PayUpkeepCost',
  function* (run) {
    const g = run.g;
    const o = run.host !== undefined ? g.s.objects[run.host] : undefined;
    const cost = param(run.ref, 'Upkeep');
    // A permanent that left the battlefield is a new object (CR 400.7): nothing to pay or sacrifice.
    if (!o || o.zone !== 'battlefield' || !cost || (run.item && run.item.sourceInc !== o.inc)) return;
    if (param(run.ref, 'Cumulative') === 'True') {
      yield* putCounters(g, o, 'AGE', 1, { effect: true, source: lkiOf(g, o) });
      yield* payOrSacrifice(g, o, cost, o.counters['AGE'] ?? 1);
      return;
    }
    yield* payOrSacrifice(g, o, cost, 1);
  },
  { reads: ['Upkeep', 'Cumulative'] },
);

/**
 * Pays the active player's upkeep costs that are not triggered abilities (see the module's comment).
 *
 * @example
 * ```ts
 * yield* upkeepCosts(g); // pay for Stasis or sacrifice it
 * ```
 */
export function* upkeepCosts(g: G): Gen<void> {
  for (const id of [...g.s.zones['battlefield']!]) {
    const o = g.s.objects[id]!;
    if (o.zone !== 'battlefield' || chars(g, o).controller !== g.s.active) continue;
    for (const k of chars(g, o).keywords) {
      const kw = keywordOf(k);
      if (o.zone !== 'battlefield') break;
      if (kw.name === 'UpkeepCost' && kw.args[0]) yield* payOrSacrifice(g, o, kw.args[0], 1);
      if (kw.name === 'Echo' && kw.args[0] && echoDue(g, o)) yield* payOrSacrifice(g, o, kw.args[0], 1);
      if (kw.name === 'Cumulative upkeep' && kw.args[0]) {
        yield* putCounters(g, o, 'AGE', 1, { effect: true, source: lkiOf(g, o) });
        yield* payOrSacrifice(g, o, kw.args[0], o.counters['AGE'] ?? 1);
      }
    }
  }
}
