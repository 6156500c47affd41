/**
 * `Repeat`: `RepeatSubAbility$` runs once, then again while every condition given holds, as Forge
 * reads them: `MaxRepeat$` caps the runs (and 0 means none); `RepeatPresent$` counts the
 * `RepeatDefined$` cards (else the battlefield) matching it against `RepeatCompare$` (GE1 by
 * default); `RepeatCheckSVar$` compares a value against `RepeatSVarCompare$`; `RepeatOptional$`
 * asks the controller (or `RepeatOptionalDecider$`) whether to go on (Ad Nauseam). With no
 * condition and no cap it runs once. A hard limit of 20 runs keeps a loop that never fails its
 * conditions from hanging the game.
 */
import { askYesNo, type Gen } from '../ask.js';
import { param } from '../cards.js';
import { definedCards, definedPlayers } from '../defined.js';
import { registerEffect, runSub } from '../resolve.js';
import { compare, comparison, matchesCard, seen } from '../select.js';
import { evalNumber } from '../values.js';
import { cardsIn } from './util.js';
import type { ResolveRun } from '../resolve.js';

const HARD_LIMIT = 20;

registerEffect(
  'Repeat',
  function* (run) {
    const maxText = param(run.ref, 'MaxRepeat');
    const max = maxText === undefined ? undefined : evalNumber(run, maxText);
    if (max !== undefined && max <= 0) return;
    const conditional = ['RepeatPresent', 'RepeatCheckSVar', 'RepeatOptional'].some((k) => param(run.ref, k) !== undefined);
    for (let times = 1; times <= HARD_LIMIT; times++) {
      yield* runSub(run.g, run, 'RepeatSubAbility');
      if (max !== undefined && times >= max) break;
      if (!conditional && max === undefined) break;
      if (!(yield* goOn(run))) break;
    }
  },
  {
    reads: [
      'RepeatSubAbility',
      'MaxRepeat',
      'RepeatPresent',
      'RepeatDefined',
      'RepeatCompare',
      'RepeatCheckSVar',
      'RepeatSVarCompare',
      'RepeatOptional',
      'RepeatOptionalDecider',
    ],
  },
);

/** Forge's `checkRepeatConditions`: every condition given must hold, the optional question last. */
function* goOn(run: ResolveRun): Gen<boolean> {
  const present = param(run.ref, 'RepeatPresent');
  if (present !== undefined) {
    const definedText = param(run.ref, 'RepeatDefined');
    const pool = definedText !== undefined ? definedCards(run, definedText) : cardsIn(run.g, 'battlefield').map((o) => seen(run, o));
    const count = pool.filter((c) => present.split(',').some((sel) => matchesCard(run, sel.trim(), c))).length;
    const cmp = comparison(run, param(run.ref, 'RepeatCompare') ?? 'GE1');
    if (!cmp || !compare(count, cmp.op, cmp.value)) return false;
  }
  const check = param(run.ref, 'RepeatCheckSVar');
  if (check !== undefined) {
    const cmp = comparison(run, param(run.ref, 'RepeatSVarCompare') ?? 'GE1');
    if (!cmp || !compare(evalNumber(run, check), cmp.op, cmp.value)) return false;
  }
  if (param(run.ref, 'RepeatOptional') !== undefined) {
    const deciderText = param(run.ref, 'RepeatOptionalDecider');
    const decider = deciderText !== undefined ? (definedPlayers(run, deciderText)[0] ?? run.you) : run.you;
    return yield* askYesNo(run.g, decider, 'Repeat this process?');
  }
  return true;
}
