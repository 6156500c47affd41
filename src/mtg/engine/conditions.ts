/**
 * Conditions written on statics, triggers and abilities: `IsPresent$` (with `PresentCompare$`,
 * `PresentZone$`, `PresentPlayer$`), `CheckSVar$` with `SVarCompare$`, `Condition$` words
 * (`PlayerTurn`, `Threshold`, `Hellbent`, `Metalcraft`), `PlayerTurn$`/`OpponentTurn$`, an
 * activated ability's `Activation$` word (the same words: threshold, metalcraft, ...), and on
 * resolving abilities the `Condition*` family (`ConditionCheckSVar$`, `ConditionPresent$`,
 * `ConditionDefined$` + `ConditionCompare$`). Forge skips the effect of a sub-ability whose
 * conditions fail and still resolves its own sub-abilities.
 */
import { param, type NodeRef } from './cards.js';
import { unsupported, type Run } from './context.js';
import { definedCards } from './defined.js';
import { compare, comparison, matchesCard, matchesPlayer, seen } from './select.js';
import type { Seat } from './choice.js';
import { evalNumber } from './values.js';
import { chars } from './layers.js';
import { declareParamReads } from '../cards/index.js';
import { ABILITY_WORD_FLAGS } from './ability-words.js';

/**
 * The parameters conditionsHold reads before anything else: a node with none of
 * them passes its conditions in any game. A test asks conditionsHold itself which parameters it
 * reads of a bare node, so this list cannot fall behind it silently.
 */
export const CONDITION_KEYS: readonly string[] = [
  'IsPresent',
  'IsPresent2',
  'CheckSVar',
  'CheckSecondSVar',
  'Condition',
  'CheckDefinedPlayer',
  'LifeTotal',
  'PlayerTurn',
  'OpponentTurn',
  'WerewolfTransformCondition',
  'WerewolfUntransformCondition',
  'Activation',
  'TopCardOfLibraryIs',
  'ActivationCardsInHand',
  ...ABILITY_WORD_FLAGS,
];

/**
 * Whether a node has any condition conditionsHold reads (one of {@link CONDITION_KEYS}), found
 * once per node: a node without one passes its conditions in any game.
 *
 * @example
 * ```ts
 * hasConditions(resolveNode(registry, 'Lightning Bolt|0|a|0')); // false
 * ```
 */
export function hasConditions(ref: NodeRef): boolean {
  return (ref.conditional ??= CONDITION_KEYS.some((k) => param(ref, k) !== undefined));
}

function presentCount(run: Run, selector: string, zone: string | undefined, player: string | undefined): number {
  const g = run.g;
  let piles: string[];
  switch (zone) {
    case undefined:
    case 'Battlefield':
      piles = ['battlefield'];
      break;
    case 'Graveyard':
      piles = ['graveyard-0', 'graveyard-1'];
      break;
    case 'Hand':
      piles = ['hand-0', 'hand-1'];
      break;
    case 'Exile':
      piles = ['exile'];
      break;
    case 'Stack':
      piles = ['stack'];
      break;
    case 'Library':
      piles = ['library-0', 'library-1'];
      break;
    default:
      unsupported(g, `present-zone:${zone}`);
      piles = ['battlefield'];
  }
  if (player === 'You') piles = piles.filter((p) => !p.endsWith(`-${run.you === 0 ? 1 : 0}`));
  if (player === 'Opponent') piles = piles.filter((p) => !p.endsWith(`-${run.you}`));
  let n = 0;
  for (const pile of piles) {
    for (const id of g.s.zones[pile]!) {
      const o = g.s.objects[id]!;
      if (matchesCard(run, selector, seen(run, o))) n++;
    }
  }
  return n;
}

/**
 * Whether a condition word holds for `run.you`: an ability word's "if" (Revolt, Metalcraft,
 * Delirium, Threshold, ...), `PlayerTurn` and the like. values.ts reads the same words for the
 * `Count$<AbilityWord>.<A>.<B>` values, so one definition serves both.
 *
 * @example
 * ```ts
 * conditionWord(run, 'Revolt'); // true once a permanent you controlled left the battlefield this turn
 * ```
 */
export function conditionWord(run: Run, word: string): boolean {
  const g = run.g;
  const you = run.you;
  switch (word) {
    case 'PlayerTurn':
      return g.s.active === you;
    // "As long as you're the monarch" (Protector of the Crown).
    case 'You.isMonarch':
      return g.s.monarch === you;
    case 'NotPlayerTurn':
    case 'OpponentTurn':
      return g.s.active !== you;
    case 'Threshold':
      return g.s.zones[`graveyard-${you}`]!.length >= 7;
    case 'Blessing':
      return g.s.players[you].blessing === true;
    case 'Hellbent':
      return g.s.zones[`hand-${you}`]!.length === 0;
    case 'Metalcraft':
      return presentCount(run, 'Artifact.YouCtrl', undefined, undefined) >= 3;
    case 'Kicked':
      return run.item?.kicked ?? false;
    case 'Surge':
      // "If this spell's surge cost was paid" (CR 702.117a): the way the spell was cast.
      return run.item?.way === 'surge';
    case 'Desert':
      // "Activate only if you control a Desert or there is a Desert card in your graveyard."
      return presentCount(run, 'Desert.YouCtrl', undefined, undefined) > 0 || presentCount(run, 'Desert.YouOwn', 'Graveyard', 'You') > 0;
    case 'Revolt':
      // "If a permanent you controlled left the battlefield this turn" (CR 207.2c, ability word):
      // read from this turn's zone changes, as the permanent was when it left (CR 608.2h).
      return (g.s.turnFacts.entered ?? []).some((e) => e.from === 'battlefield' && e.lki?.controller === you);
    case 'Ferocious':
      // "If you control a creature with power 4 or greater" (ability word).
      return presentCount(run, 'Creature.YouCtrl+powerGE4', undefined, undefined) > 0;
    case 'Delirium': {
      const types = new Set<string>();
      for (const id of g.s.zones[`graveyard-${you}`]!) for (const t of chars(g, g.s.objects[id]!).cardTypes) types.add(t);
      return types.size >= 4;
    }
    default:
      unsupported(g, `condition:${word}`);
      return false;
  }
}

/** The life total `LifeTotal$` names: yours, the active player's, or the smallest of your opponents' (one, in a two-player game). */
function lifeTotal(run: Run, who: string): number | undefined {
  const players = run.g.s.players;
  switch (who) {
    case 'You':
      return players[run.you].life;
    case 'ActivePlayer':
      return players[run.g.s.active].life;
    case 'OpponentSmallest':
      return players[(1 - run.you) as Seat].life;
    default:
      unsupported(run.g, `condition:LifeTotal$${who}`);
      return undefined;
  }
}

/**
 * Whether a static's or trigger's conditions hold now.
 *
 * @example
 * ```ts
 * conditionsHold(run, ref); // false while `IsPresent$ Island.YouCtrl` finds no Island
 * ```
 */
export function conditionsHold(run: Run, ref: NodeRef): boolean {
  // Most nodes have no conditions at all: found once per node instead of twenty lookups a call.
  if (!hasConditions(ref)) return true;
  for (const check of conditionChecks(ref)) if (!check(run)) return false;
  return true;
}

type Check = (run: Run) => boolean;
const compiledChecks = new WeakMap<NodeRef, readonly Check[]>();

/**
 * A node's conditions as checks, read from its parameters once (a node's parameters never change):
 * in the order they are asked, each true when its condition holds. The comparisons are read as
 * they are asked, since they may name a value (`GEX`).
 */
function conditionChecks(ref: NodeRef): readonly Check[] {
  const known = compiledChecks.get(ref);
  if (known) return known;
  const checks: Check[] = [];
  const compared = (n: number, run: Run, text: string): boolean => {
    const cmp = comparison(run, text);
    return !cmp || compare(n, cmp.op, cmp.value);
  };
  const present = param(ref, 'IsPresent');
  if (present !== undefined) {
    const [zone, player, cmp] = [param(ref, 'PresentZone'), param(ref, 'PresentPlayer'), param(ref, 'PresentCompare') ?? 'GE1'];
    checks.push((run) => compared(presentCount(run, present, zone, player), run, cmp));
  }
  const present2 = param(ref, 'IsPresent2');
  if (present2 !== undefined) {
    const [zone, player, cmp] = [param(ref, 'PresentZone2'), param(ref, 'PresentPlayer2'), param(ref, 'PresentCompare2') ?? 'GE1'];
    checks.push((run) => compared(presentCount(run, present2, zone, player), run, cmp));
  }
  // An SVar's value against its comparison (the comparison read first, as it always was).
  const svarHolds =
    (value: string, cmp: string): Check =>
    (run) => {
      const c = comparison(run, cmp);
      return !c || compare(evalNumber(run, value), c.op, c.value);
    };
  const check = param(ref, 'CheckSVar');
  if (check !== undefined) checks.push(svarHolds(check, param(ref, 'SVarCompare') ?? 'GE1'));
  const check2 = param(ref, 'CheckSecondSVar');
  if (check2 !== undefined) checks.push(svarHolds(check2, param(ref, 'SecondSVarCompare') ?? 'GE1'));
  const condition = param(ref, 'Condition');
  if (condition !== undefined) checks.push((run) => conditionWord(run, condition));
  // `CheckDefinedPlayer$ You.isMonarch` (Skyline Despot's "if you're the monarch"): some player matches.
  const definedPlayer = param(ref, 'CheckDefinedPlayer');
  if (definedPlayer !== undefined) checks.push((run) => ([0, 1] as Seat[]).some((seat) => matchesPlayer(run, definedPlayer, seat)));
  // "If you have 10 or less life" (Convalescence; `LifeTotal$` whose life, `LifeAmount$` the
  // comparison): on a trigger an intervening "if" clause (CR 603.4), checked as the event happens
  // and again as it resolves; "when you have 5 or less life" is a state trigger (CR 603.8).
  const lifeOf = param(ref, 'LifeTotal');
  if (lifeOf !== undefined) {
    const cmp = param(ref, 'LifeAmount') ?? 'GE1';
    checks.push((run) => {
      const life = lifeTotal(run, lifeOf);
      const c = comparison(run, cmp);
      return life !== undefined && (!c || compare(life, c.op, c.value));
    });
  }
  // "As long as the top card of your library is a creature card" (Mul Daya Channelers): false with
  // an empty library, as Forge's `StaticAbility` checks it.
  const top = param(ref, 'TopCardOfLibraryIs');
  if (top !== undefined)
    checks.push((run) => {
      const id = run.g.s.zones[`library-${run.you}`]![0];
      return id !== undefined && matchesCard(run, top, seen(run, run.g.s.objects[id]!));
    });
  // "Activate only if you have exactly seven cards in hand" (Library of Alexandria; Fool's Tome's
  // "no cards in hand"): Forge's `ActivationCardsInHand$`, an exact count.
  const inHand = param(ref, 'ActivationCardsInHand');
  if (inHand !== undefined) {
    const n = Number(inHand);
    checks.push((run) => run.g.s.zones[`hand-${run.you}`]!.length === n);
  }
  if (param(ref, 'PlayerTurn') === 'True') checks.push((run) => run.g.s.active === run.you);
  if (param(ref, 'OpponentTurn') === 'True') checks.push((run) => run.g.s.active !== run.you);
  // The werewolves' "if no spells were cast last turn" and "if a player cast two or more spells
  // last turn" (CR 603.4, an intervening if clause), read from the last turn's tallies.
  if (param(ref, 'WerewolfTransformCondition') === 'True') checks.push((run) => !run.g.s.players.some((p) => (p.spellsCastLastTurn ?? 0) > 0));
  if (param(ref, 'WerewolfUntransformCondition') === 'True') checks.push((run) => run.g.s.players.some((p) => (p.spellsCastLastTurn ?? 0) >= 2));
  // An ability word's restriction on activating (Forge's `Activation$`): "Threshold — activate
  // only if seven or more cards are in your graveyard", Metalcraft, Hellbent, Delirium, Desert.
  const activation = param(ref, 'Activation');
  if (activation !== undefined) checks.push((run) => conditionWord(run, activation));
  // A trigger's ability word written as a flag (`Revolt$ True`, `Delirium$ True`): its intervening
  // "if" clause (CR 603.4), so checked when the event happens and again as the ability resolves.
  for (const word of ABILITY_WORD_FLAGS) if (param(ref, word) === 'True') checks.push((run) => conditionWord(run, word));
  compiledChecks.set(ref, checks);
  return checks;
}

/**
 * Whether a resolving ability's `Condition*` parameters hold (Forge's `SpellAbilityCondition`).
 *
 * @example
 * ```ts
 * resolveConditionsHold(run, ref); // false when `ConditionCheckSVar$ X | ConditionSVarCompare$ GE1` reads 0
 * ```
 */
export function resolveConditionsHold(run: Run, ref: NodeRef): boolean {
  const check = param(ref, 'ConditionCheckSVar');
  if (check !== undefined) {
    const cmp = comparison(run, param(ref, 'ConditionSVarCompare') ?? 'GE1');
    if (cmp && !compare(evalNumber(run, check), cmp.op, cmp.value)) return false;
  }
  const present = param(ref, 'ConditionPresent');
  const defined = param(ref, 'ConditionDefined');
  if (present !== undefined || defined !== undefined) {
    let n: number;
    if (defined !== undefined) {
      const cards = definedCards(run, defined);
      n = present === undefined ? cards.length : cards.filter((c) => matchesCard(run, present, c)).length;
    } else {
      n = presentCount(run, present!, param(ref, 'ConditionZone'), undefined);
    }
    const cmp = comparison(run, param(ref, 'ConditionCompare') ?? 'GE1');
    if (cmp && !compare(n, cmp.op, cmp.value)) return false;
  }
  const condition = param(ref, 'Condition');
  if (condition !== undefined && !conditionWord(run, condition.split(' ')[0]!)) return false;
  if (param(ref, 'ConditionPlayerTurn') === 'True' && run.g.s.active !== run.you) return false;
  // "If {G} was spent to cast this spell" (Dawnglow Infusion; Ogre Savant's ETB trigger for the
  // permanent it became): the colours noted as it was cast (cast.ts); not cast, none was spent.
  const spent = param(ref, 'ConditionManaSpent');
  if (spent !== undefined) {
    const host = run.host ? run.g.s.objects[run.host] : undefined;
    const had = host?.manaSpent ?? '';
    if (!spent.split(/\s+/).every((c) => c === '' || had.includes(c))) return false;
  }
  return true;
}

declareParamReads('engine:conditions', [
  'IsPresent',
  'PresentCompare',
  'PresentZone',
  'PresentPlayer',
  'IsPresent2',
  'PresentCompare2',
  'PresentZone2',
  'PresentPlayer2',
  'CheckSVar',
  'SVarCompare',
  'CheckSecondSVar',
  'SecondSVarCompare',
  'CheckDefinedPlayer',
  'LifeTotal',
  'LifeAmount',
  'Condition',
  'PlayerTurn',
  'OpponentTurn',
  'ConditionCheckSVar',
  'ConditionSVarCompare',
  'ConditionPresent',
  'ConditionDefined',
  'ConditionCompare',
  'ConditionZone',
  'ConditionPlayerTurn',
  'ConditionManaSpent',
  'WerewolfTransformCondition',
  'WerewolfUntransformCondition',
  'Activation',
  'TopCardOfLibraryIs',
  'ActivationCardsInHand',
]);
declareParamReads('engine:conditions', ABILITY_WORD_FLAGS, ['trigger', 'replacement']);
