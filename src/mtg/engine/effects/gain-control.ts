/**
 * `GainControl` (CR 613.1b, layer 2): you (or `NewController$`) gain control of targets or
 * `Defined$` permanents; `LoseControl$` ends it when the host leaves or untaps, or at end of turn.
 * Gaining control makes a creature summoning sick for its new controller (CR 302.6).
 */
import { param } from '../cards.js';
import { nextTick } from '../context.js';
import { definedPlayers } from '../defined.js';
import { registerEffect } from '../resolve.js';
import { addEffect, affectedCards, hostObject, keywordsParam } from './util.js';
import type { Duration } from '../types.js';
import { untapObject } from '../actions.js';

registerEffect(
  'GainControl',
  function* (run) {
    const seat = param(run.ref, 'NewController') !== undefined ? (definedPlayers(run, param(run.ref, 'NewController'))[0] ?? run.you) : run.you;
    const lose = (param(run.ref, 'LoseControl') ?? '').split(',').map((s) => s.trim());
    const h = hostObject(run);
    let duration: Duration = { until: 'forever' };
    if (lose.includes('EOT')) duration = { until: 'eot' };
    else if (h && lose.includes('Untap')) duration = { until: 'host-untaps', host: h.id, inc: h.inc };
    else if (h && (lose.includes('LeavesPlay') || lose.includes('LoseControl'))) duration = { until: 'host-leaves', host: h.id, inc: h.inc };
    const cards = affectedCards(run).filter((o) => o.zone === 'battlefield');
    const kws = keywordsParam(run, 'AddKWs');
    addEffect(run, cards, { control: seat, ...(kws.length ? { addKeywords: kws } : {}) }, duration);
    for (const o of cards) {
      o.controlSince = nextTick(run.g);
      if (param(run.ref, 'Untap') === 'True') untapObject(run.g, o);
    }
  },
  { reads: ['Defined', 'ValidTgts', 'NewController', 'LoseControl', 'Untap', 'AddKWs'] },
);
