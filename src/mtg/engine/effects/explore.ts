/**
 * `Explore` (CR 701.40): each exploring creature (its targets, else `Defined$`, else the host)
 * makes its controller reveal the top card of their library. A land goes to that player's hand;
 * anything else leaves a +1/+1 counter on the creature (if it is still on the battlefield, CR
 * 701.40b) and its controller chooses to put the card into their graveyard or leave it on top.
 */
import { ask } from '../ask.js';
import { changeZone, live, putCounters } from '../actions.js';
import { chars } from '../layers.js';
import { registerEffect } from '../resolve.js';
import { param } from '../cards.js';
import { definedCards } from '../defined.js';
import type { Seat } from '../choice.js';
import type { Ref } from '../types.js';
import { affectedCards, effectSource, hasTargets } from './util.js';
import { showCards, topCards } from './library-top.js';

registerEffect(
  'Explore',
  function* (run) {
    const g = run.g;
    // CR 701.40b: a creature that left the battlefield still explores, as it last was.
    const explorers: Array<{ ref: Ref; controller: Seat }> = hasTargets(run)
      ? affectedCards(run).map((o) => ({ ref: { card: o.id, inc: o.inc }, controller: chars(g, o).controller }))
      : definedCards(run, param(run.ref, 'Defined') ?? 'Self').map((s) => ({ ref: { card: s.id, inc: s.inc }, controller: s.controller }));
    for (const { ref, controller: seat } of explorers) {
      const [top] = topCards(g, seat, 1);
      if (top) showCards(g, [top], [0, 1]);
      if (top && chars(g, top).cardTypes.includes('Land')) {
        yield* changeZone(g, [top], 'hand');
        continue;
      }
      const still = live(g, ref);
      if (still && still.zone === 'battlefield') yield* putCounters(g, still, 'P1P1', 1, { effect: true, source: effectSource(run) });
      if (!top) continue;
      const name = chars(g, top).name;
      const k = yield* ask(g, seat, 'choose', `Explore: ${name}`, [
        { label: `keep ${name} on top`, action: { verb: 'choose', text: 'top' } },
        { label: `put ${name} into your graveyard`, action: { verb: 'choose', text: 'graveyard' } },
      ]);
      if (k === 1) yield* changeZone(g, [top], 'graveyard');
    }
  },
  { reads: ['Defined', 'ValidTgts'] },
);
