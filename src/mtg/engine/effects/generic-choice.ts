/** `GenericChoice`: the defined player chooses one of the abilities named by `Choices$`, which then happens. */
import { ask } from '../ask.js';
import { param, svarNode } from '../cards.js';
import { registerEffect, runAbility } from '../resolve.js';
import { affectedPlayers } from './util.js';
import { definedPlayers } from '../defined.js';

registerEffect(
  'GenericChoice',
  function* (run) {
    const g = run.g;
    const choices = (param(run.ref, 'Choices') ?? '')
      .split(',')
      .map((c) => svarNode(g.registry, run.ref, c.trim()))
      .filter((x) => x !== undefined);
    if (choices.length === 0) return;
    // A choice aimed at a card (Crystal Spray's target) is made by its controller, not by a target.
    const targeted = affectedPlayers(run);
    for (const seat of targeted.length > 0 ? targeted : definedPlayers(run, param(run.ref, 'Defined') ?? 'You')) {
      const k = yield* ask(
        g,
        seat,
        'choose',
        'Choose one',
        choices.map((c) => ({
          label: param(c, 'SpellDescription') ?? c.node.head,
          action: { verb: 'choose', text: param(c, 'SpellDescription') ?? c.node.head },
        })),
      );
      yield* runAbility(g, { ...run, you: seat, ref: choices[k]! }, null);
    }
  },
  { reads: ['Choices', 'Defined'] },
);
