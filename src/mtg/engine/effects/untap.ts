/**
 * `Untap` (CR 701.26): targets or `Defined$` permanents become untapped; or, with `UntapType$`,
 * the `Defined$` player (you by default) chooses which tapped permanents of that type to untap:
 * up to `Amount$` of them with `UntapUpTo$ True` ("untap up to three lands", Frantic Search),
 * else exactly that many (as many as there are).
 */
import { param } from '../cards.js';
import { untapObject } from '../actions.js';
import { registerEffect, type ResolveRun } from '../resolve.js';
import { objectMatches } from '../select.js';
import { affectedCards, affectedPlayers, amount, cardsIn, chooseCards } from './util.js';
import type { Gen } from '../ask.js';

function* untapChosen(run: ResolveRun, type: string): Gen<void> {
  const n = amount(run, 'Amount');
  const upTo = param(run.ref, 'UntapUpTo') === 'True';
  for (const seat of affectedPlayers(run, 'You')) {
    // The set is read as each player chooses: only tapped permanents can be untapped (CR 701.26a).
    const pool = cardsIn(run.g, 'battlefield').filter((o) => o.tapped && objectMatches(run, type, o));
    const chosen = yield* chooseCards(run.g, seat, `Choose ${upTo ? 'up to ' : ''}${n} to untap`, pool, n, upTo);
    for (const o of chosen) untapObject(run.g, o);
  }
}

registerEffect(
  'Untap',
  function* (run) {
    const type = param(run.ref, 'UntapType');
    if (type !== undefined) return yield* untapChosen(run, type);
    for (const o of affectedCards(run)) if (o.zone === 'battlefield') untapObject(run.g, o);
  },
  { reads: ['Defined', 'ValidTgts', 'UntapType', 'UntapUpTo', 'Amount'] },
);
