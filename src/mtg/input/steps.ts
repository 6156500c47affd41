/**
 * The names `PASS_UNTIL phase=...` accepts, in turn order (CR 500.1: beginning, precombat main,
 * combat, postcombat main and ending phases, and their steps). The engine writes one of these
 * (any case, any spelling below) into `ChoicePoint.phase`, so a script and the game agree on where
 * the game is.
 */

/**
 * The steps and main phases of a turn, in order: the same names as the engine's `Step`.
 *
 * @example
 * ```ts
 * STEPS.indexOf('declareAttackers'); // 5
 * ```
 */
export const STEPS = [
  'untap', // CR 502
  'upkeep', // CR 503
  'draw', // CR 504
  'main1', // CR 505, precombat
  'beginCombat', // CR 507
  'declareAttackers', // CR 508
  'declareBlockers', // CR 509
  'combatDamage', // CR 510 (both damage steps when there is first strike, CR 510.4)
  'endCombat', // CR 511
  'main2', // CR 505, postcombat
  'end', // CR 513
  'cleanup', // CR 514
] as const;

export type StepName = (typeof STEPS)[number];

// Other spellings people and engines use for the same steps. Keys are lower case with spaces,
// dashes and underscores removed.
const ALIASES: Record<string, StepName> = {
  combat: 'beginCombat',
  beginningofcombat: 'beginCombat',
  precombatmain: 'main1',
  postcombatmain: 'main2',
  firststrikedamage: 'combatDamage',
  damage: 'combatDamage',
  endofcombat: 'endCombat',
  endstep: 'end',
  endofturn: 'end',
};

const BY_KEY = new Map<string, StepName>();
for (const s of STEPS) BY_KEY.set(s.toLowerCase(), s);
for (const [k, s] of Object.entries(ALIASES)) BY_KEY.set(k, s);

/**
 * The canonical name of a step written any way the language accepts (case-insensitive, spaces,
 * dashes and underscores ignored), or `undefined`.
 *
 * @example
 * ```ts
 * canonicalStep('MAIN2'); // 'main2'
 * canonicalStep('combat'); // 'beginCombat'
 * canonicalStep('declare_attackers'); // 'declareAttackers'
 * ```
 */
export function canonicalStep(name: string): StepName | undefined {
  return BY_KEY.get(name.toLowerCase().replace(/[\s_-]+/g, ''));
}

/**
 * A step's position in the turn (0 for untap), for comparing two points of one turn.
 *
 * @example
 * ```ts
 * stepOrder('main1') < stepOrder('main2'); // true
 * ```
 */
export function stepOrder(step: StepName): number {
  return STEPS.indexOf(step);
}

/**
 * Every spelling {@link canonicalStep} accepts, for did-you-mean hints.
 *
 * @example
 * ```ts
 * stepSpellings().includes('combat'); // true
 * ```
 */
export function stepSpellings(): string[] {
  return [...STEPS, ...Object.keys(ALIASES)];
}
