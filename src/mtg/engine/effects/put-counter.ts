/**
 * `PutCounter` (CR 122.1): `CounterNum$` counters of `CounterType$` on targets or `Defined$`
 * objects, or on players (CR 122.1: energy, experience; `Defined$ You` "you get {E}{E}").
 */
import type { Seat } from '../choice.js';
import { ask, cardRef, type Gen, type Opt } from '../ask.js';
import { chars } from '../layers.js';
import { param } from '../cards.js';
import { lkiOf, putCounters, putPlayerCounters } from '../actions.js';
import { raise } from '../triggers.js';
import { touch } from '../context.js';
import { definedCards, definedPlayers } from '../defined.js';
import { registerEffect, type ResolveRun } from '../resolve.js';
import type { GameObject, Lki } from '../types.js';
import { affectedCards, amount, chooseCounterKind, counterKindsOn, effectSource, hasTargets, ownTargets, playerCounterKinds } from './util.js';

/**
 * Whether a `Defined$` value names players rather than cards (`You`, `TargetedPlayer`,
 * `Player.IsRemembered`, `RememberedController`): the words Forge's `getDefinedPlayers` reads.
 */
function namesPlayers(defined: string): boolean {
  return (
    /^(You|Opponent|Player|Each|Activator|Controller|Owner|CardOwner)$/.test(defined) ||
    /^(Player|Opponent)\./.test(defined) ||
    /(Player|Controller|Owner)$/.test(defined)
  );
}

/**
 * The permanent becomes renowned or monstrous (CR 702.112b, 701.37b): a designation until it
 * leaves the battlefield, and the `BecomeRenowned` / `BecomeMonstrous` triggers.
 */
function becomes(run: ResolveRun, o: GameObject, mark: 'renowned' | 'monstrous', n: number): void {
  if (o.zone !== 'battlefield') return;
  o.designations = [...(o.designations ?? []), mark];
  touch(run.g);
  // The trigger carries N: "the X in monstrosity X" of a "when it becomes monstrous" ability (CR
  // 701.37c: Polukranos's `TriggerCount$MonstrosityAmount`).
  raise(run.g, { mode: mark === 'renowned' ? 'BecomeRenowned' : 'BecomeMonstrous', card: lkiOf(run.g, o), amount: n });
}

/**
 * The cards and players the counters go on: `Defined$` when it names something other than the
 * targets (Gideon, Champion of Justice targets an opponent only to count), else the targets.
 */
function* recipients(run: ResolveRun): Gen<{ cards: GameObject[]; players: Seat[] }> {
  if (param(run.ref, 'Bolster') === 'True') return { cards: yield* bolstered(run), players: [] };
  const defined = param(run.ref, 'Defined');
  const byTargets = hasTargets(run) && (defined === undefined || defined === 'Targeted' || defined === 'TargetedPlayer');
  if (byTargets) {
    const players = ownTargets(run).flatMap((t) => ('player' in t ? [t.player] : []));
    return { cards: affectedCards(run), players };
  }
  if (defined !== undefined && namesPlayers(defined)) return { cards: [], players: definedPlayers(run, defined) };
  const cards = defined === undefined ? affectedCards(run) : definedCards(run, defined).flatMap((s) => (s.live ? [s.live] : []));
  return { cards, players: [] };
}

/**
 * Bolster (CR 701.39a): "choose a creature with the least toughness among creatures you control";
 * the counters go on it. Its controller chooses among the ones tied for least (none: nothing).
 */
function* bolstered(run: ResolveRun): Gen<GameObject[]> {
  const g = run.g;
  const mine: GameObject[] = [];
  for (const id of g.s.zones['battlefield']!) {
    const o = g.s.objects[id]!;
    const c = chars(g, o);
    if (c.controller === run.you && c.cardTypes.includes('Creature')) mine.push(o);
  }
  if (mine.length === 0) return [];
  const least = Math.min(...mine.map((o) => chars(g, o).toughness ?? 0));
  const tied = mine.filter((o) => (chars(g, o).toughness ?? 0) === least);
  if (tied.length === 1) return tied;
  const opts: Opt[] = tied.map((o) => {
    const name = chars(g, o).name;
    return { label: name, action: { verb: 'choose', card: cardRef(o.id, name) } };
  });
  const k = yield* ask(g, run.you, 'choose', 'Bolster: choose a creature with the least toughness among creatures you control', opts);
  return [tied[k]!];
}

/**
 * `CounterType$ ExistingCounter`: counters of a kind already there. Animation Module: "choose a
 * counter on target permanent or player. Give that permanent or player another counter of that
 * kind" (its controller chooses the kind); with `EachExistingCounter$ True`, one more of each kind
 * (Maulfist Revolutionary, Skyship Plunderer), each kind its own putting, as proliferate's. The
 * kinds are read as the effect resolves; an object or player with none gets nothing.
 */
function* existingCounters(run: ResolveRun, cards: readonly GameObject[], players: readonly Seat[], n: number, source: Lki | undefined): Gen<void> {
  const g = run.g;
  const each = param(run.ref, 'EachExistingCounter') === 'True';
  for (const o of cards) {
    const kinds = counterKindsOn(o);
    const chosen = each ? kinds : [yield* chooseCounterKind(g, run.you, chars(g, o).name, kinds)].filter((k): k is string => k !== undefined);
    for (const kind of chosen) yield* putCounters(g, o, kind, n, { effect: true, source });
  }
  for (const seat of players) {
    const kinds = playerCounterKinds(g, seat);
    const chosen = each ? kinds : [yield* chooseCounterKind(g, run.you, `p${seat + 1}`, kinds)].filter((k): k is string => k !== undefined);
    for (const kind of chosen) yield* putPlayerCounters(g, seat, kind, n, true, source);
  }
}

registerEffect(
  'PutCounter',
  function* (run) {
    const kind = param(run.ref, 'CounterType') ?? 'P1P1';
    const n = amount(run, 'CounterNum', 1);
    const divided = run.item?.divided && param(run.ref, 'DividedAsYouChoose') !== undefined ? run.item.divided : null;
    const { cards: all, players } = yield* recipients(run);
    if (kind === 'ExistingCounter') return yield* existingCounters(run, all, players, n, effectSource(run));
    // Renown and monstrosity (CR 702.112a, 701.37a): "if it isn't renowned/monstrous, put N
    // counters on it and it becomes so"; a creature that already is gets nothing.
    const mark = param(run.ref, 'Renown') === 'True' ? 'renowned' : param(run.ref, 'Monstrosity') === 'True' ? 'monstrous' : null;
    let cards = mark ? all.filter((o) => !o.designations?.includes(mark)) : all;
    // Adapt (CR 701.46a): "if this permanent has no +1/+1 counters on it", checked as it resolves.
    if (param(run.ref, 'Adapt') === 'True') cards = cards.filter((o) => (o.counters['P1P1'] ?? 0) === 0);
    const source = effectSource(run);
    for (let i = 0; i < cards.length; i++) yield* putCounters(run.g, cards[i]!, kind, divided ? (divided[i] ?? 0) : n, { effect: true, source });
    if (mark) for (const o of cards) becomes(run, o, mark, n);
    // Tribute (CR 702.104b): the opponent chose to put the counters (an optional node declined
    // never runs), so the tribute was paid; a designation of the permanent until it leaves.
    if (param(run.ref, 'Tribute') === 'True')
      for (const o of cards) {
        o.designations = [...(o.designations ?? []), 'tributed'];
        touch(run.g);
      }
    for (const seat of players) yield* putPlayerCounters(run.g, seat, kind, n, true, source);
  },
  {
    reads: [
      'CounterType',
      'CounterNum',
      'Defined',
      'ValidTgts',
      'ETB',
      'DividedAsYouChoose',
      'Renown',
      'Monstrosity',
      'Bolster',
      'Adapt',
      'Tribute',
      'EachExistingCounter',
    ],
  },
);
