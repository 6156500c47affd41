/**
 * Ascend and the city's blessing (CR 702.131). The blessing is a designation of a player that
 * lasts the rest of the game (`PlayerState.blessing`, 702.131c), read by `Condition$ Blessing` and
 * `Count$Blessing.<A>.<B>`. On a permanent, ascend is a static ability: any time its controller
 * controls ten or more permanents, they get the blessing (702.131b), checked with the state-based
 * actions so it happens before triggers are put on the stack (702.131d). On an instant or sorcery
 * it is part of the spell's resolution (702.131a), checked as the spell begins resolving.
 */
import type { Seat } from './choice.js';
import { touch, type G } from './context.js';
import { chars } from './layers.js';
import type { GameObject, StackItem } from './types.js';
import { registerPrimitive } from '../cards/index.js';

registerPrimitive('kw:Ascend');

function permanentsOf(g: G, seat: Seat): GameObject[] {
  return g.s.zones['battlefield']!.map((id) => g.s.objects[id]!).filter((o) => chars(g, o).controller === seat);
}

function bless(g: G, seat: Seat): void {
  g.s.players[seat].blessing = true;
  touch(g);
}

/**
 * Gives the city's blessing to each player who controls ten or more permanents, one of which has
 * ascend (CR 702.131b).
 *
 * @example
 * ```ts
 * cityBlessing(g); // with the state-based actions
 * ```
 */
export function cityBlessing(g: G): void {
  // What it reads (the battlefield, controllers, keywords) is unchanged while the shape is.
  if (g.cache.blessingChecked === g.shape) return;
  for (const seat of [0, 1] as Seat[]) {
    if (g.s.players[seat].blessing) continue;
    const mine = permanentsOf(g, seat);
    if (mine.length >= 10 && mine.some((o) => chars(g, o).keywords.includes('Ascend'))) bless(g, seat);
  }
  g.cache.blessingChecked = g.shape;
}

/**
 * An instant or sorcery with ascend begins to resolve: its controller gets the city's blessing if
 * they control ten or more permanents (CR 702.131a).
 *
 * @example
 * ```ts
 * ascendAsSpellResolves(g, item, card);
 * ```
 */
export function ascendAsSpellResolves(g: G, item: StackItem, card: GameObject | undefined): void {
  if (!card || item.kind !== 'spell' || g.s.players[item.controller].blessing) return;
  if (!chars(g, card).keywords.includes('Ascend')) return;
  if (permanentsOf(g, item.controller).length >= 10) bless(g, item.controller);
}
