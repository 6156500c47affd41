/**
 * `Phases` (CR 702.26): the targeted or `Defined$` permanents phase out (Oubliette's cousin
 * Reality Ripple, Teferi's Protection's "all permanents you control"), or with `AllValid$`
 * every permanent matching it. `PhaseInOrOutAll$ True` (Time and Tide): simultaneously, every
 * phased-out permanent matching `AllValid$` phases in and every one with phasing phases out.
 */
import { param } from '../cards.js';
import { registerEffect } from '../resolve.js';
import { objectMatches } from '../select.js';
import { chars } from '../layers.js';
import { phaseIn, phaseOut } from '../phasing.js';
import { affectedCards, cardsIn } from './util.js';

registerEffect(
  'Phases',
  function* (run) {
    const g = run.g;
    const all = param(run.ref, 'AllValid');
    if (all === undefined) {
      phaseOut(g, affectedCards(run));
      return;
    }
    if (param(run.ref, 'PhaseInOrOutAll') === 'True') {
      // Matched as they are now: a phased-out permanent's own characteristics (it is seen nowhere else).
      const coming = (g.s.zones['phased'] ?? []).map((id) => g.s.objects[id]!).filter((o) => objectMatches(run, all, o));
      const going = cardsIn(g, 'battlefield').filter((o) => objectMatches(run, all, o) && chars(g, o).keywords.includes('Phasing'));
      phaseOut(g, going);
      phaseIn(g, coming);
      return;
    }
    phaseOut(
      g,
      cardsIn(g, 'battlefield').filter((o) => objectMatches(run, all, o)),
    );
  },
  { reads: ['Defined', 'ValidTgts', 'AllValid', 'PhaseInOrOutAll'] },
);
