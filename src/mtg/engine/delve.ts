/**
 * Delve (CR 702.66): each card its caster exiles from their graveyard while paying for the spell
 * pays for {1} (CR 702.66a), generic mana only. Which cards leave the graveyard matters (other
 * cards count or return them), so the automatic payer never delves on its own: the caster is
 * asked, one card at a time, and may stop whenever its mana can pay the rest. A spell only delve
 * can pay for is offered, and then the caster must exile enough cards.
 */
import type { Seat } from './choice.js';
import { ask, cardRef, type Gen, type Opt } from './ask.js';
import type { G } from './context.js';
import { chars, hasKeyword } from './layers.js';
import { costText, type ManaCost } from './mana.js';
import { canPayMana } from './costs.js';
import { changeZone, lkiOf } from './actions.js';
import type { GameObject, StackItem } from './types.js';
import { registerPrimitive } from '../cards/index.js';

registerPrimitive('kw:Delve');

/** Whether a spell card has delve. */
export function hasDelve(g: G, o: GameObject): boolean {
  return hasKeyword(g, o, 'Delve');
}

/**
 * Whether `cost` can be paid with mana once delve has paid what generic it can.
 * @example
 * ```ts
 * canPayWithDelve(g, 0, cost); // true for Treasure Cruise with seven cards in the graveyard and an Island
 * ```
 */
export function canPayWithDelve(g: G, seat: Seat, cost: ManaCost): boolean {
  const exiled = Math.min(cost.generic, g.s.zones[`graveyard-${seat}`]!.length);
  const rest: ManaCost = { generic: cost.generic - exiled, shards: cost.shards };
  return (rest.generic === 0 && rest.shards.length === 0) || canPayMana(g, seat, rest);
}

/**
 * Asks the caster which graveyard cards to exile for delve, one at a time (a `pay` point: "pay
 * the rest with mana" once mana can, or a card while enough mana and cards remain to pay the
 * rest), exiles them and returns the cost left for the mana payer. The cards exiled are recorded
 * on the item (`paid.exiled`).
 * @example
 * ```ts
 * const rest = yield* payDelve(g, 0, cost, item);
 * ```
 */
export function* payDelve(g: G, seat: Seat, cost: ManaCost, item: StackItem): Gen<ManaCost> {
  let left = cost;
  const exiled: GameObject[] = [];
  for (;;) {
    const yard = g.s.zones[`graveyard-${seat}`]!.map((id) => g.s.objects[id]!).filter((o) => !exiled.includes(o));
    if (left.generic === 0 || yard.length === 0) break;
    const rest: ManaCost = { generic: left.generic - 1, shards: left.shards };
    const stillPayable =
      (rest.generic === 0 && rest.shards.length === 0) || canPayMana(g, seat, { generic: Math.max(0, rest.generic - (yard.length - 1)), shards: rest.shards });
    if (!stillPayable) break;
    const opts: Opt[] = [];
    const canStop = canPayMana(g, seat, left);
    if (canStop) opts.push({ label: `pay ${costText(left)} with mana`, action: { verb: 'done' } });
    for (const o of yard) {
      const name = chars(g, o).name;
      opts.push({ label: `exile ${name} for delve`, action: { verb: 'choose', card: cardRef(o.id, name) } });
    }
    const k = yield* ask(g, seat, 'pay', `Delve: exile cards from your graveyard to pay ${costText(left)}`, opts);
    if (canStop && k === 0) break;
    exiled.push(yard[canStop ? k - 1 : k]!);
    left = rest;
  }
  // The cards are exiled together, as the cost is paid (CR 601.2h).
  for (const o of exiled) item.paid.exiled.push(lkiOf(g, o));
  if (exiled.length > 0) yield* changeZone(g, exiled, 'exile');
  return left;
}
