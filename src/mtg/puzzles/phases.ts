/**
 * Phase names in puzzles, normalised to the engine's step names (`StepName`, the names
 * `PASS_UNTIL phase=...` uses). Puzzle files write phases in Forge's two spellings (the enum,
 * `COMBAT_DECLARE_ATTACKERS`, and the script name, `Declare Attackers`; see Forge's `PhaseType`)
 * and in DeepScry's and people's shorthands (`DECLAREBLOCKERS`, `PRECOMBATMAIN`, `END`).
 */
import { canonicalStep, type StepName } from '../input/index.js';

// Forge's spellings the fixed-input language does not already accept. Keys are lower case with
// spaces, dashes and underscores removed, as canonicalStep compares them.
const FORGE: Record<string, StepName> = {
  combatbegin: 'beginCombat', // PhaseType.COMBAT_BEGIN
  combatdeclareattackers: 'declareAttackers', // PhaseType.COMBAT_DECLARE_ATTACKERS
  combatdeclareattackersinstantability: 'declareAttackers', // older Forge
  combatdeclareblockers: 'declareBlockers', // PhaseType.COMBAT_DECLARE_BLOCKERS
  combatdeclareblockersinstantability: 'declareBlockers', // older Forge
  // CR 510.4: the first-strike damage step is a second combat damage step; the engine names both
  // `combatDamage`.
  combatfirststrikedamage: 'combatDamage',
  combatend: 'endCombat', // PhaseType.COMBAT_END
  endofturn: 'end', // PhaseType.END_OF_TURN
  declareatk: 'declareAttackers', // a shorthand found in DeepScry's corpus
  declareblk: 'declareBlockers',
};

/**
 * The engine's name for a phase written in a puzzle, or `undefined`. Case, spaces, dashes and
 * underscores do not matter.
 *
 * @example
 * ```ts
 * puzzlePhase('COMBAT_DECLARE_ATTACKERS'); // 'declareAttackers'
 * puzzlePhase('Main1'); // 'main1'
 * puzzlePhase('End of Turn'); // 'end'
 * ```
 */
export function puzzlePhase(written: string): StepName | undefined {
  const key = written.toLowerCase().replace(/[\s_-]+/g, '');
  return FORGE[key] ?? canonicalStep(key);
}

/** Spellings for did-you-mean hints. */
export const PHASE_SPELLINGS: readonly string[] = [
  'UNTAP',
  'UPKEEP',
  'DRAW',
  'MAIN1',
  'COMBAT_BEGIN',
  'COMBAT_DECLARE_ATTACKERS',
  'COMBAT_DECLARE_BLOCKERS',
  'COMBAT_FIRST_STRIKE_DAMAGE',
  'COMBAT_DAMAGE',
  'COMBAT_END',
  'MAIN2',
  'END_OF_TURN',
  'CLEANUP',
];
