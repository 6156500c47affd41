/**
 * `ExchangeControl` (CR 701.10): two permanents' controllers exchange control of them, for good
 * (layer 2, CR 613.1b). The two are `Defined$`'s first and the first target, both targets
 * (Switcheroo's `TargetMin$ 2`), or `Defined$`'s first two with `BothDefined$`. If either has
 * left the battlefield the exchange cannot be completed and none of it happens (CR 701.10a); if
 * one player controls both it does nothing (CR 701.10b). Each becomes
 * summoning sick for its new controller (CR 302.6). `RememberExchanged$` keeps them on the host.
 */
import { param } from '../cards.js';
import { nextTick } from '../context.js';
import { definedCards } from '../defined.js';
import { chars } from '../layers.js';
import { registerEffect } from '../resolve.js';
import { addEffect, affectedCards, hasTargets, remember } from './util.js';
import type { GameObject } from '../types.js';

registerEffect(
  'ExchangeControl',
  function* (run) {
    const g = run.g;
    const defined = param(run.ref, 'Defined');
    const fromDefined = (text: string) => definedCards(run, text).flatMap((s) => (s.live ? [s.live] : []));
    let pair: GameObject[];
    if (param(run.ref, 'BothDefined') === 'True' && defined !== undefined) pair = fromDefined(defined).slice(0, 2);
    else if (defined !== undefined && hasTargets(run)) pair = [...fromDefined(defined).slice(0, 1), ...affectedCards(run).slice(0, 1)];
    else pair = affectedCards(run).slice(0, 2);
    const [a, b] = pair;
    if (!a || !b || a === b || a.zone !== 'battlefield' || b.zone !== 'battlefield') return;
    const ca = chars(g, a).controller;
    const cb = chars(g, b).controller;
    if (ca === cb) return;
    addEffect(run, [a], { control: cb }, { until: 'forever' });
    addEffect(run, [b], { control: ca }, { until: 'forever' });
    a.controlSince = nextTick(g);
    b.controlSince = nextTick(g);
    if (param(run.ref, 'RememberExchanged') === 'True')
      remember(
        run,
        [a, b].map((o) => ({ card: o.id, inc: o.inc })),
      );
  },
  { reads: ['Defined', 'ValidTgts', 'BothDefined', 'RememberExchanged'] },
);
