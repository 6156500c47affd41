/**
 * The names Forge's script language gives meaning to: ability APIs (`DB$ Draw`), trigger modes
 * (`Mode$ ChangesZone`), static modes (`Mode$ Continuous`) and replacement events
 * (`Event$ DamageDone`). These are facts about the format, listed so that a misspelt or newer
 * name becomes a diagnostic instead of a card that silently does nothing. Forge matches them
 * case-insensitively (`ApiType.smartValueOf`), so {@link canonical} does too.
 *
 * The lists hold the names Forge's enums define (ApiType, TriggerType, ReplacementType, the
 * StaticAbility modes) plus the older names the pinned corpus still uses (`RunSVarAbility`,
 * `StoreMap`, `Unequip`).
 */

const API_NAMES = `Abandon ActivateAbility AddOrRemoveCounter AddPhase AddTurn Amass Animate AnimateAll Ascend
AssignGroup Attach Balance BecomeMonarch BecomesBlocked BidLife Block Bond Branch Camouflage
ChangeCombatants ChangeTargets ChangeText ChangeX ChangeZone ChangeZoneAll ChangeZoneResolve Charm
ChooseCard ChooseColor ChooseDirection ChooseEvenOdd ChooseNumber ChoosePlayer ChooseSector
ChooseSource ChooseType Clash ClassLevelUp Cleanup Clone CompanionChoose Connive ControlPlayer
ControlSpell CopyPermanent CopySpellAbility Counter DamageAll DamageResolve DayTime DealDamage
Debuff DeclareCombatants DelayedTrigger Destroy DestroyAll Dig DigMultiple DigUntil Discard Draft
DrainMana Draw EachDamage Effect Encode EndCombatPhase EndTurn ExchangeControl
ExchangeControlVariant ExchangeLife ExchangeLifeVariant ExchangePower ExchangeZone Explore Fight
FlipACoin FlipOntoBattlefield Fog GainControl GainControlVariant GainLife GainOwnership GameDrawn
GenericChoice Goad Haunt ImmediateTrigger Intensify InternalIgnoreEffect InternalLegendaryRule
Investigate Learn LookAt LoseLife LosesGame MakeCard Mana ManaReflected Manifest Meld Mill
MoveCounter MultiplePiles MultiplyCounter MustAttack MustBlock Mutate NameCard NoteCounters
PeekAndReveal PermanentCreature PermanentNoncreature Phases Planeswalk Play PlayLandVariant Poison
PreventDamage PreventDamageAll Proliferate Protection ProtectionAll Pump PumpAll PutCounter
PutCounterAll RearrangeTopOfLibrary Regenerate RegenerateAll Regeneration RemoveCounter
RemoveCounterAll RemoveFromCombat RemoveFromGame RemoveFromMatch ReorderZone Repeat RepeatEach
ReplaceCounter ReplaceDamage ReplaceEffect ReplaceMana ReplaceSplitDamage ReplaceToken RestartGame
Reveal RevealHand ReverseTurnOrder RollDice RollPlanarDice RunChaos RunSVarAbility Sacrifice
SacrificeAll Scry SetInMotion SetLife SetState Shuffle SkipPhase SkipTurn StoreMap StoreSVar
Subgame Surveil SwitchBlock TakeInitiative Tap TapAll TapOrUntap TapOrUntapAll Token TwoPiles
Unattach UnattachAll Untap UntapAll UpdateRemember Venture Vote WinsGame`;

const TRIGGER_MODES = `Abandoned AbilityCast AbilityTriggered Adapt Always Attached AttackerBlocked
AttackerBlockedByCreature AttackerBlockedOnce AttackersDeclared AttackersDeclaredOneTarget
AttackerUnblocked AttackerUnblockedOnce Attacks BecomeMonarch BecomeMonstrous BecomeRenowned
BecomesCrewed BecomesTarget BecomesTargetOnce BlockersDeclared Blocks Championed ChangesController
ChangesZone ChangesZoneAll Clashed ClassLevelGained CounterAdded CounterAddedAll CounterAddedOnce
CounterPlayerAddedAll Countered CounterRemoved CounterRemovedOnce Crewed Cycled DamageAll
DamageDealtOnce DamageDone DamageDoneOnce DamageDoneOnceByController DamagePrevented
DamagePreventedOnce DayTimeChanges Destroyed Devoured Discarded DiscardedAll Drawn
DungeonCompleted Evolved ExcessDamage Exerted Exiled Exploited Explores Fight FightOnce
FlippedCoin Foretell Immediate Investigated IsForetold LandPlayed LifeGained LifeLost LosesGame
ManaAdded MilledAll Mutates NewGame PayCumulativeUpkeep PayEcho PayLife Phase PhaseIn PhaseOut
PlanarDice PlaneswalkedFrom PlaneswalkedTo Regenerated Revealed RolledDie RolledDieOnce
Sacrificed Scry SearchedLibrary SetInMotion Shuffled SpellAbilityCast SpellAbilityCopy SpellCast
SpellCastOrCopy SpellCopy Surveil TakesInitiative Taps TapsForMana TokenCreated Transformed
TurnBegin TurnFaceUp Unattach Unequip Untaps Vote`;

const STATIC_MODES = `Continuous CantAttack CantAttackUnless CantBlock CantBlockBy CantBlockUnless
CantBeActivated CantBeCast CantDraw CantGainLife CantLoseLife CantPlayLand CantPutCounter
CantTarget CantTransform CastWithFlash ETBTapped IgnoreHexproof MustAttack MustBlock
Panharmonicon PreventDamage RaiseCost ReduceCost SetCost`;

const REPLACEMENT_EVENTS = `AddCounter Attached BeginPhase BeginTurn CopySpell Counter CreateToken
DamageDone DealtDamage DeclareBlocker Destroy Discard Draw DrawCards Explore GainLife GameLoss
GameWin Learn LifeReduced LoseMana Mill Moved PayLife PlanarDiceResult Planeswalk Proliferate
ProduceMana RemoveCounter RollPlanarDice Scry SetInMotion Surveil Tap Transform TurnFaceUp Untap`;

/** A case-insensitive vocabulary: folded name → canonical spelling. */
export type Vocabulary = ReadonlyMap<string, string>;

function vocabulary(names: string): Vocabulary {
  const map = new Map<string, string>();
  for (const name of names.split(/\s+/)) if (name !== '') map.set(name.toLowerCase(), name);
  return map;
}

// APIs of the engine's own that only keyword expansions write (keywords/), never a Forge script:
// `PayUpkeepCost` is the resolution of an upkeep-cost trigger (keywords/upkeep-cost.ts), the part
// Forge does in Java rather than in script lines.
const EXPANSION_APIS = 'PayUpkeepCost';

/** Ability APIs (`AB$`, `SP$`, `DB$`, `ST$` values). */
export const APIS: Vocabulary = vocabulary(`${API_NAMES} ${EXPANSION_APIS}`);
/** Trigger modes (`T:Mode$ ...`). */
export const TRIGGER_MODE_NAMES: Vocabulary = vocabulary(TRIGGER_MODES);
/** Static ability modes (`S:Mode$ ...`). */
export const STATIC_MODE_NAMES: Vocabulary = vocabulary(STATIC_MODES);
/** Replacement events (`R:Event$ ...`). */
export const REPLACEMENT_EVENT_NAMES: Vocabulary = vocabulary(REPLACEMENT_EVENTS);

/**
 * The canonical spelling of `name` in `vocab`, or `undefined` if the name is unknown.
 *
 * @example
 * ```ts
 * canonical(APIS, 'StoreSvar'); // 'StoreSVar'
 * canonical(APIS, 'DealDamages'); // undefined
 * ```
 */
export function canonical(vocab: Vocabulary, name: string): string | undefined {
  return vocab.get(name.trim().toLowerCase());
}
