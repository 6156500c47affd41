/** `Cleanup`: Forge's bookkeeping after an ability: forget remembered and imprinted objects and choices (chosen cards, named card, type, player, number). */
import { param } from '../cards.js';
import { touch } from '../context.js';
import { registerEffect } from '../resolve.js';
import { hostObject } from './util.js';

registerEffect(
  'Cleanup',
  function* (run) {
    const h = hostObject(run);
    if (!h) return;
    if (param(run.ref, 'ClearRemembered') === 'True') h.remembered = [];
    if (param(run.ref, 'ClearImprinted') === 'True') h.imprinted = [];
    // The chosen cards and the named card are two things, as in Forge (`ClearChosenCard$` ends
    // Nightsnare's choice; `ClearNamedCard$` forgets a NameCard's name).
    if (param(run.ref, 'ClearChosenCard') === 'True') delete h.chosen.cards;
    if (param(run.ref, 'ClearNamedCard') === 'True') delete h.chosen.name;
    if (param(run.ref, 'ClearChosenType') === 'True') delete h.chosen.type;
    if (param(run.ref, 'ClearChosenPlayer') === 'True') delete h.chosen.player;
    if (param(run.ref, 'ClearChosenX') === 'True') delete h.chosen.number;
    touch(run.g);
  },
  {
    reads: ['ClearRemembered', 'ClearImprinted', 'ClearChosenCard', 'ClearChosenType', 'ClearChosenPlayer', 'ClearChosenX', 'ClearNamedCard'],
  },
);
