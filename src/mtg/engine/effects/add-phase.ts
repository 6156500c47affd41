/**
 * `AddPhase` (CR 500.8): an additional phase or step in this turn. `ExtraPhase$ BeginCombat` is a
 * whole combat phase (CR 506.1: beginning of combat through end of combat), `ExtraPhase$ Upkeep`
 * one upkeep step (Paradox Haze); it comes right after the step `AfterPhase$` names (`EndCombat`:
 * "after this phase", said during combat), by default after the current step, and `FollowedBy$
 * ThisPhase` adds the current phase again after it ("after this main phase, there is an additional
 * combat phase followed by an additional main phase": Relentless Assault; the extra main phase is
 * a postcombat one, CR 505.1a). `ConditionPhases$ Main1,Main2`: only during a main phase.
 *
 * Several phases added after the same one run most recent first (CR 500.8). The turn's remaining
 * steps are kept in the state (`stepQueue`) once a phase is added, so a snapshot taken during an
 * extra phase resumes in it.
 */
import { param } from '../cards.js';
import { registerEffect } from '../resolve.js';
import { touchQuiet, unsupported } from '../context.js';
import { STEPS, type Step } from '../types.js';

const COMBAT: readonly Step[] = ['beginCombat', 'declareAttackers', 'declareBlockers', 'combatDamage', 'endCombat'];

/** The steps a Forge phase name adds as an extra phase, or null for a name it does not know. */
function phaseSteps(name: string, current: Step): readonly Step[] | null {
  switch (name) {
    case 'BeginCombat':
    case 'Combat':
      return COMBAT;
    case 'Upkeep':
      return ['upkeep'];
    case 'Main1':
    case 'Main2':
      return ['main2'];
    case 'ThisPhase':
      if (current === 'main1' || current === 'main2') return ['main2'];
      if (COMBAT.includes(current)) return COMBAT;
      return [current];
    default:
      return null;
  }
}

/** The step a Forge phase name means in `AfterPhase$` and `ConditionPhases$`. */
const STEP_OF: Record<string, Step> = {
  Untap: 'untap',
  Upkeep: 'upkeep',
  Draw: 'draw',
  Main1: 'main1',
  BeginCombat: 'beginCombat',
  DeclareAttackers: 'declareAttackers',
  DeclareBlockers: 'declareBlockers',
  CombatDamage: 'combatDamage',
  EndCombat: 'endCombat',
  Main2: 'main2',
  'End of Turn': 'end',
  EndOfTurn: 'end',
  Cleanup: 'cleanup',
};

registerEffect(
  'AddPhase',
  function* (run) {
    const g = run.g;
    const current = g.s.step;
    const when = param(run.ref, 'ConditionPhases');
    if (when !== undefined && !when.split(',').some((p) => STEP_OF[p.trim()] === current)) return;
    const extra = phaseSteps(param(run.ref, 'ExtraPhase') ?? '', current);
    const followedName = param(run.ref, 'FollowedBy');
    const followed = followedName === undefined ? [] : phaseSteps(followedName, current);
    const afterName = param(run.ref, 'AfterPhase');
    const after = afterName === undefined ? current : STEP_OF[afterName];
    if (extra === null || followed === null || after === undefined) {
      unsupported(g, `value:AddPhase ${param(run.ref, 'ExtraPhase')}/${afterName ?? ''}/${followedName ?? ''}`);
      return;
    }
    const full: Step[] = [current, ...(g.s.stepQueue ?? STEPS.slice(STEPS.indexOf(current) + 1))];
    const at = full.indexOf(after);
    // A phase "after" one that is over this turn has nowhere to go.
    if (at < 0) return;
    full.splice(at + 1, 0, ...extra, ...followed);
    g.s.stepQueue = full.slice(1);
    touchQuiet(g);
  },
  { reads: ['ExtraPhase', 'AfterPhase', 'FollowedBy', 'ConditionPhases'] },
);
