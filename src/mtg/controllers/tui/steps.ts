/**
 * The steps' names for people, apart from the terminal's renderer so that node-free code (the
 * web board) can use them without importing the input language and the card compiler.
 */

const STEP_NAMES: Record<string, string> = {
  untap: 'untap step',
  upkeep: 'upkeep',
  draw: 'draw step',
  main1: 'precombat main phase',
  beginCombat: 'beginning of combat',
  declareAttackers: 'declare attackers',
  declareBlockers: 'declare blockers',
  combatDamage: 'combat damage',
  endCombat: 'end of combat',
  main2: 'postcombat main phase',
  end: 'end step',
  cleanup: 'cleanup',
};

/**
 * A step's name for people.
 *
 * @example
 * ```ts
 * stepName('main1'); // 'precombat main phase'
 * ```
 */
export function stepName(step: string): string {
  return STEP_NAMES[step] ?? step;
}
