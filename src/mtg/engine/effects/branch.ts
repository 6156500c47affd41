/**
 * `Branch` (Forge's BranchEffect): "then if ..., ...": `BranchConditionSVar$` compared with
 * `BranchConditionSVarCompare$` (`GE1` when absent) as the effect resolves; `TrueSubAbility$` runs
 * when it holds, else `FalseSubAbility$` (Treasure Map's "then if there are three or more landmark
 * counters on it, remove those counters, transform it ..."; Approach of the Second Sun).
 */
import { param } from '../cards.js';
import { registerEffect, runSub } from '../resolve.js';
import { compare, comparison } from '../select.js';
import { evalNumber } from '../values.js';

registerEffect(
  'Branch',
  function* (run) {
    const svar = param(run.ref, 'BranchConditionSVar');
    const c = comparison(run, param(run.ref, 'BranchConditionSVarCompare') ?? 'GE1');
    const holds = svar !== undefined && c !== undefined && compare(evalNumber(run, svar), c.op, c.value);
    yield* runSub(run.g, run, holds ? 'TrueSubAbility' : 'FalseSubAbility');
  },
  { reads: ['BranchConditionSVar', 'BranchConditionSVarCompare', 'TrueSubAbility', 'FalseSubAbility'] },
);
