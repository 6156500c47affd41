/**
 * Rule-changing statics written `Mode$ Continuous | GlobalRule$ <the rule as printed>` (Leyline of
 * Punishment's "Damage can't be prevented.", Silent Arbiter's "No more than one creature can
 * attack each combat."): a continuous effect of the rules layer that changes how the game itself
 * is played (CR 613.1, 101.1: a card's text overrides a rule). Forge matches the text against a
 * fixed list of rule changes; the engine honours the rules below, each where the rule it changes
 * is applied, and the census counts a card writing any other rule as not faithful (Upwelling's
 * "mana pools don't empty", Invasion Plans' "the attacking player chooses how each creature
 * blocks", Worms of the Earth's "lands can't enter the battlefield" are not done).
 */
import { param } from './cards.js';
import type { G } from './context.js';
import { activeStaticsWith } from './statics.js';
import { declareParamForms, declareParamReads } from '../cards/index.js';

/** The rule changes the engine applies, by the text Forge writes for them (compared ignoring case, as Forge does). */
export const GLOBAL_RULES = {
  /** CR 615.12: damage passes every prevention effect (actions.ts `dealDamage`). */
  noPrevention: "Damage can't be prevented.",
  /** CR 702.80: all damage is dealt as though its source had wither (actions.ts `dealDamage`). */
  alwaysWither: "All damage is dealt as though it's source had wither.",
  /** CR 510.1a as changed by Doran: combat damage is assigned by toughness (combat.ts). */
  toughnessAssignsDamage: 'Each creature assigns combat damage equal to its toughness rather than its power.',
  /** CR 508.1c: a restriction on the whole declaration of attackers (combat.ts). */
  onlyOneAttackerACombat: 'No more than one creature can attack each combat.',
  /** CR 509.1b: a restriction on the whole declaration of blockers (combat.ts). */
  onlyOneBlocker: 'No more than one creature can block each combat.',
  /** CR 509.1b, for each defending player: in a two-player game the same as one blocker in all. */
  onlyOneBlockerPerOpponent: "Each opponent can't block with more than one creature.",
  /** CR 509.1b: at most two creatures block (combat.ts). */
  onlyTwoBlockers: 'No more than two creatures can block each combat.',
  /** CR 603.2 as changed by Torpor Orb: a creature entering the battlefield triggers nothing (triggers.ts). */
  noCreatureETBTriggers: "Creatures entering the battlefield don't cause abilities to trigger.",
  /** CR 704.5j does not apply (sba.ts). */
  noLegendRule: "The legend rule doesn't apply.",
  /** CR 702.29: cycling abilities can't be activated (cast.ts). */
  noCycling: "Players can't cycle cards.",
} as const;

/** One of the rule changes in {@link GLOBAL_RULES}. */
export type GlobalRule = keyof typeof GLOBAL_RULES;

const BY_TEXT = new Map<string, GlobalRule>(Object.entries(GLOBAL_RULES).map(([k, text]) => [text.toLowerCase(), k as GlobalRule]));

/** The rule a `GlobalRule$` text names, if the engine knows it (Forge writes some with a trailing space). */
function ruleOf(text: string): GlobalRule | undefined {
  return BY_TEXT.get(text.trim().toLowerCase());
}

declareParamReads('engine:global-rules', ['GlobalRule'], ['static']);
declareParamForms('engine:global-rules', 'static', 'Continuous', 'GlobalRule', (v) => ruleOf(v) !== undefined);

/**
 * Whether a rule change is in effect now: some `Continuous` static that applies (its conditions
 * hold, it works from where its host is, CR 113.6) writes it. Read from the statics index of
 * this state version, so asking is cheap when nobody has one.
 *
 * @example
 * ```ts
 * globalRule(g, 'noPrevention'); // true with Leyline of Punishment on the battlefield
 * ```
 */
export function globalRule(g: G, rule: GlobalRule): boolean {
  for (const s of activeStaticsWith(g, 'Continuous', 'GlobalRule')) {
    const text = param(s.ref, 'GlobalRule');
    if (text !== undefined && ruleOf(text) === rule) return true;
  }
  return false;
}

/**
 * How many creatures may block in all this combat under the rule changes in effect (two players:
 * "each opponent can't block with more than one creature" is one), or Infinity.
 *
 * @example
 * ```ts
 * blockerLimit(g); // 1 with Silent Arbiter on the battlefield
 * ```
 */
export function blockerLimit(g: G): number {
  if (globalRule(g, 'onlyOneBlocker') || globalRule(g, 'onlyOneBlockerPerOpponent')) return 1;
  if (globalRule(g, 'onlyTwoBlockers')) return 2;
  return Infinity;
}
