/**
 * `GainControl` (CR 613.1b, layer 2): you (or `NewController$`) gain control of targets or
 * `Defined$` permanents, or all of `AllValid$`; `LoseControl$` ends it when the host leaves or untaps, or at end of turn.
 * Gaining control makes a creature summoning sick for its new controller (CR 302.6).
 */
import { param } from '../cards.js';
import { nextTick } from '../context.js';
import { definedPlayers } from '../defined.js';
import { registerEffect, type ResolveRun } from '../resolve.js';
import { addEffect, affectedCards, cardsIn, hostObject, keywordsParam, ownTargets } from './util.js';
import { chars } from '../layers.js';
import { objectMatches } from '../select.js';
import type { Duration, GameObject } from '../types.js';
import { untapObject } from '../actions.js';

/**
 * `AllValid$`: every permanent of the kinds named (Tezzeret, Master of Metal's "all artifacts and
 * creatures"), with `ControlledByTarget$ True` only those a targeted player controls (the
 * targets are players then; their control is read as the ability resolves, CR 608.2h).
 */
function allValid(run: ResolveRun): GameObject[] {
  const g = run.g;
  const valid = param(run.ref, 'AllValid')!;
  const byTarget = param(run.ref, 'ControlledByTarget') === 'True';
  const owners = new Set<number>();
  if (byTarget) for (const t of ownTargets(run)) if ('player' in t) owners.add(t.player);
  return cardsIn(g, 'battlefield').filter((o) => (!byTarget || owners.has(chars(g, o).controller)) && objectMatches(run, valid, o));
}

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
    const cards = (param(run.ref, 'AllValid') !== undefined ? allValid(run) : affectedCards(run)).filter((o) => o.zone === 'battlefield');
    const kws = keywordsParam(run, 'AddKWs');
    addEffect(run, cards, { control: seat, ...(kws.length ? { addKeywords: kws } : {}) }, duration);
    for (const o of cards) {
      o.controlSince = nextTick(run.g);
      if (param(run.ref, 'Untap') === 'True') untapObject(run.g, o);
    }
  },
  { reads: ['Defined', 'ValidTgts', 'NewController', 'LoseControl', 'Untap', 'AddKWs', 'AllValid', 'ControlledByTarget'] },
);
