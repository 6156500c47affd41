/**
 * `Balance`: each player keeps as many of `Valid$` permanents they control (or, with `Zone$ Hand`,
 * cards in hand) as the player with the fewest has, and sacrifices (or discards) the rest.
 */
import { param } from '../cards.js';
import { discard, sacrifice } from '../actions.js';
import { chars } from '../layers.js';
import { registerEffect } from '../resolve.js';
import { objectMatches } from '../select.js';
import { cardsIn, chooseCards } from './util.js';
import type { Seat } from '../choice.js';

registerEffect(
  'Balance',
  function* (run) {
    const g = run.g;
    const hand = param(run.ref, 'Zone') === 'Hand';
    const sel = param(run.ref, 'Valid') ?? 'Card';
    const lists = ([0, 1] as Seat[]).map((seat) =>
      hand
        ? cardsIn(g, `hand-${seat}`)
        : cardsIn(g, 'battlefield').filter((o) => chars(g, o).controller === seat && objectMatches({ ...run, you: seat }, sel, o)),
    );
    const keep = Math.min(...lists.map((l) => l.length));
    for (const seat of [g.s.active, g.s.active === 0 ? 1 : 0] as Seat[]) {
      const list = lists[seat]!;
      const extra = list.length - keep;
      if (extra <= 0) continue;
      const chosen = yield* chooseCards(g, seat, hand ? 'Choose a card to discard' : 'Choose a permanent to sacrifice', list, extra);
      if (hand) yield* discard(g, seat, chosen);
      else yield* sacrifice(g, chosen);
    }
  },
  { reads: ['Valid', 'Zone'] },
);
