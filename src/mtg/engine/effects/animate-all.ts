/**
 * `AnimateAll`: every permanent matching `ValidCards$` (on the battlefield, or only those the
 * targeted or `Defined$` player controls) gets what `Animate` gives, for the effect's duration. The set is fixed as it resolves (CR 611.2c): a creature that enters later
 * is not animated.
 */
import { param } from '../cards.js';
import { registerEffect } from '../resolve.js';
import { objectMatches } from '../select.js';
import { chars } from '../layers.js';
import { ANIMATE_READS, animateMods } from './animate.js';
import { addEffect, affectedPlayers, cardsIn, durationOf, hasTargets } from './util.js';

registerEffect(
  'AnimateAll',
  function* (run) {
    const g = run.g;
    const mods = animateMods(run);
    const valid = param(run.ref, 'ValidCards') ?? 'Permanent';
    const byPlayer = hasTargets(run) || param(run.ref, 'Defined') !== undefined;
    const players = byPlayer ? affectedPlayers(run) : null;
    const field = cardsIn(g, 'battlefield').filter((o) => players === null || players.includes(chars(g, o).controller));
    addEffect(
      run,
      field.filter((o) => objectMatches(run, valid, o)),
      mods,
      durationOf(run),
    );
  },
  { reads: [...ANIMATE_READS, 'ValidCards', 'Defined', 'ValidTgts', 'Permanent', 'Duration', 'UntilYourNextTurn'] },
);
