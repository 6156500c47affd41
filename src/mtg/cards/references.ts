/**
 * Which parameters name SVars, and what they expect to find there. The sub-ability keys follow
 * Forge's AbilityFactory (`SubAbility$` and its `additionalAbilityKeys`, `Choices$` of charms and
 * generic choices); the grant keys follow the effects and statics that hand abilities, triggers,
 * statics and replacements to other objects; the value keys are the SVar-comparison conditions.
 *
 * A parameter not listed here whose whole value is the name of an SVar is still linked (as
 * `inferred`), so an unlisted key never hides a primitive; listing it only makes the link's role
 * and expected kind explicit, and declares the key read in the census.
 */
import { declareParamReads } from './census.js';
import type { LinkRole, LinkTarget } from './ir.js';

/** How a reference key is read. */
export type ReferenceRule = {
  role: LinkRole;
  target: LinkTarget;
  list: boolean;
  /** When set, the key names SVars only on abilities with one of these APIs. */
  apis?: ReadonlySet<string>;
};

const rules = new Map<string, ReferenceRule>();

function define(role: LinkRole, target: LinkTarget, list: boolean, keys: string[], apis?: string[]): void {
  for (const k of keys) rules.set(k.toLowerCase(), apis ? { role, target, list, apis: new Set(apis) } : { role, target, list });
}

// Sub-abilities Forge builds together with their parent (AbilityFactory.getAbility).
define('sub', 'ability', false, [
  'SubAbility',
  'Execute',
  'WinSubAbility',
  'OtherwiseSubAbility',
  'ChooseNumberSubAbility',
  'Lowest',
  'Highest',
  'NotLowest',
  'HeadsSubAbility',
  'TailsSubAbility',
  'LoseSubAbility',
  'TrueSubAbility',
  'FalseSubAbility',
  'ChosenPile',
  'UnchosenPile',
  'RepeatSubAbility',
  'FallbackAbility',
  'ChooseSubAbility',
  'CantChooseSubAbility',
  'AnimateSubAbility',
  'PreventionSubAbility',
  'BidSubAbility',
  'VoteSubAbility',
  'ReplaceWith',
  'ExtraTurnDelayedTriggerExcute',
]);
// Only these APIs read Choices$ as SVar names; ChooseCard, ChoosePlayer and others hold a selector there.
define('sub', 'ability', true, ['Choices'], ['Charm', 'GenericChoice', 'AssignGroup']);

// Grants: built when the effect or static applies, so a cycle through them is legal.
define('grant', 'ability', true, ['AddAbility', 'AddAbilities', 'Abilities', 'TokenAbilities', 'GainedAbilities']);
// Regenerate's "when it regenerates this way" names the ability to run, not a trigger.
define('grant', 'ability', false, ['RegenerationTrigger']);
define('grant', 'trigger', true, ['Triggers', 'AddTrigger', 'AddTriggers', 'TokenTriggers', 'ExtraTurnDelayedTrigger']);
define('grant', 'static', true, ['StaticAbilities', 'AddStaticAbility', 'AddStaticAbilities', 'TokenStaticAbilities']);
define('grant', 'replacement', true, ['ReplacementEffects', 'AddReplacementEffects', 'AddReplacementEffect', 'Replacements']);

// SVars carried along with an effect or granted object; they may hold anything.
define('copy', 'any', true, ['SVars', 'AddSVar', 'AddSVars', 'TokenSVars', 'References', 'Reference']);

// Conditions that compare an SVar's value.
define('value', 'value', false, [
  'CheckSVar',
  'CheckSecondSVar',
  'CheckThirdSVar',
  'CheckFourthSVar',
  'ConditionCheckSVar',
  'ConditionSecondCheckSVar',
  'RepeatCheckSVar',
  'BranchConditionSVar',
  'StaticCommandCheckSVar',
]);

// Choices$ is only linked on charms and generic choices; elsewhere it is the effect's own parameter.
declareParamReads(
  'compiler:link',
  [...rules.keys()].filter((k) => k !== 'choices'),
);

/**
 * The rule for a parameter key on a node with head `head` (its API, for abilities), compared
 * case-insensitively (Forge's parameter maps are).
 *
 * @example
 * ```ts
 * referenceRule('Subability', 'Draw');   // { role: 'sub', target: 'ability', list: false }
 * referenceRule('Choices', 'ChooseCard'); // undefined: a selector, not SVar names
 * referenceRule('NumDmg', 'DealDamage');  // undefined
 * ```
 */
export function referenceRule(key: string, head: string): ReferenceRule | undefined {
  const rule = rules.get(key.toLowerCase());
  if (rule?.apis && !rule.apis.has(head)) return undefined;
  return rule;
}
