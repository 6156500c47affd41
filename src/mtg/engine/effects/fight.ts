/** `Fight` (CR 701.12): two creatures each deal damage equal to their power to the other. */
import { param } from '../cards.js';
import { dealDamage, lkiOf } from '../actions.js';
import { chars } from '../layers.js';
import { definedCards } from '../defined.js';
import { registerEffect } from '../resolve.js';
import { affectedCards } from './util.js';
import { replaceDying } from './replace-dying.js';

registerEffect(
  'Fight',
  function* (run) {
    const g = run.g;
    const first = param(run.ref, 'Defined') !== undefined ? (definedCards(run, param(run.ref, 'Defined'))[0]?.live ?? undefined) : undefined;
    const targets = affectedCards(run, undefined, 'NoDefined');
    const pair = first ? [first, ...targets] : targets;
    const [a, b] = pair;
    if (!a || !b || a.zone !== 'battlefield' || b.zone !== 'battlefield') return;
    const la = lkiOf(g, a);
    const lb = lkiOf(g, b);
    yield* dealDamage(g, la, { card: b.id, inc: b.inc }, chars(g, a).power ?? 0, false);
    yield* dealDamage(g, lb, { card: a.id, inc: a.inc }, chars(g, b).power ?? 0, false);
    replaceDying(run);
  },
  { reads: ['Defined', 'ValidTgts', 'ReplaceDyingDefined'] },
);
