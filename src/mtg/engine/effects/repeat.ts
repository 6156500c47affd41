/** `Repeat`: `RepeatSubAbility$` runs, then again while `RepeatCheckSVar$` compares true (at most 20 times). */
import { param } from '../cards.js';
import { registerEffect, runSub } from '../resolve.js';
import { compare, comparison } from '../select.js';
import { evalNumber } from '../values.js';

registerEffect(
  'Repeat',
  function* (run) {
    for (let i = 0; i < 20; i++) {
      yield* runSub(run.g, run, 'RepeatSubAbility');
      const check = param(run.ref, 'RepeatCheckSVar');
      if (check === undefined) break;
      const cmp = comparison(run, param(run.ref, 'RepeatSVarCompare') ?? 'GE1');
      if (!cmp || !compare(evalNumber(run, check), cmp.op, cmp.value)) break;
    }
  },
  { reads: ['RepeatSubAbility', 'RepeatCheckSVar', 'RepeatSVarCompare'] },
);
