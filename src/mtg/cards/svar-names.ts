/**
 * SVar names with a meaning outside the script's own references: names Forge's AI reads (never
 * the rules), names Forge's engine writes while a game runs, and names a keyword's code looks up
 * by convention. The linker and the primitive lister consult these so that an AI hint is not read
 * as a rule and a runtime SVar is not reported missing.
 */

/** SVars only Forge's AI reads (AiPlayDecision, ComputerUtil, CardAiHints). */
export const AI_HINT_SVARS: ReadonlySet<string> = new Set([
  'AIPreference',
  'AICastPreference',
  'AIPriorityModifier',
  'AIEvaluationModifier',
  'AILogic',
  'AIPreferenceOverride',
  'AIRollPlanarDieParams',
  'AITgts',
  'AIManaPref',
  'AIGraftPreference',
  'PlayMain1',
  'RemAIDeck',
  'RemRandomDeck',
  'NeedsToPlay',
  'NeedsToPlayVar',
  'EndOfTurnLeavePlay',
  'HasAttackEffect',
  'HasBlockEffect',
  'HasCombatEffect',
  'MustBeBlocked',
  'MustAttack',
  'SacMe',
  'DiscardMe',
  'NonStackingEffect',
  'NonStackingAttachEffect',
  'PicCount',
  'ManaNeededToAvoidNegativeEffect',
  'NoZeroToughnessAI',
  'BuffedBy',
  'DebuffedBy',
  'IsReanimatorCard',
  'Targeting',
  'SacrificeEndCombat',
  'UntapMe',
  'TributeAILogic',
  // Older scripts write these as SVars: the AI's preference parameters (Heart-Piercer Manticore's
  // `CreatureEvalThreshold$ 200`) and deck-building hints (`DeckHas:Ability$Token`), never rules.
  'AIPreferenceParams',
  'DeckHas',
  'DeckHints',
  'DeckNeeds',
]);

/**
 * Whether Forge's engine itself writes an SVar of this name during play, so a script may read it
 * without defining it: the counters a cost removed, an announced X, a vote's tally
 * (`StoreVoteNum$`), or a name some `StoreSVar` ability of the face writes (`storedByFace`).
 *
 * @example
 * ```ts
 * isRuntimeSVar('CostCountersRemoved', new Set()); // true
 * ```
 */
export function isRuntimeSVar(name: string, storedByFace: ReadonlySet<string>): boolean {
  return name === 'CostCountersRemoved' || name === 'ChosenX' || name.startsWith('VoteNum') || storedByFace.has(name);
}

/** SVars a keyword's implementation looks up by a fixed name (CardFactoryUtil): `Tribute` runs `TrigNotTribute`. */
export const KEYWORD_SVARS: ReadonlyMap<string, readonly string[]> = new Map([['tribute', ['TrigNotTribute']]]);
