/**
 * Turn structure (CR 500–514) and priority (CR 117). A turn runs its steps in order; in each
 * step the turn-based actions happen, then "at the beginning of" triggers, then players get
 * priority; when both pass in succession the top of the stack resolves, or the step ends if the
 * stack is empty (CR 117.4). Mana pools empty at the end of each step (CR 500.4).
 */
import type { ChoicePoint, Seat, YesNoAbout, YesNoEffect } from './choice.js';
import { answer, ask, cardRef, numbered, type Gen, type Opt, type PointExtra } from './ask.js';
import { nextTick, opponent, touch, touchState, touchStep, type G, type Run } from './context.js';
import { chars, playerKeywords } from './layers.js';
import { keywordOf, param, resolveNode } from './cards.js';
import { matchesPlayer, objectMatches } from './select.js';
import { conditionsHold } from './conditions.js';
import { evalNumber } from './values.js';
import { describeOffer, offers, takeOffer, type Offer } from './cast.js';
import { combatDamage, declareAttackers, declareBlockers, needsFirstStrikeStep } from './combat.js';
import { discard, drawCards, lkiOf, putCounters, untapObject } from './actions.js';
import { phasingEvent } from './phasing.js';
import { resolveTop } from './resolve.js';
import { endGame, settled, stateCheck } from './sba.js';
import { upkeepCosts } from './upkeep.js';
import { skipsTurn } from './skip-turn.js';
import { raise } from './triggers.js';
import { checkZones, endEffectObject } from './zones.js';
import { STEPS, type Duration, type GameObject, type Step } from './types.js';
import { declareParamReads, registerPrimitive } from '../cards/index.js';

registerPrimitive("kw:CARDNAME doesn't untap during your untap step.");
const SKIP_DRAW = 'Skip your draw step.';
registerPrimitive(`kw:${SKIP_DRAW}`);
registerPrimitive('kw:You may choose not to untap CARDNAME during your untap step.');
registerPrimitive('kw:Skip your untap step.');
registerPrimitive('kw:UntapAdjust');
registerPrimitive("kw:This card doesn't untap during your next untap step.");

const STEP_TEXT: Record<Step, string> = {
  untap: 'untap step',
  upkeep: 'upkeep',
  draw: 'draw step',
  main1: 'precombat main phase',
  beginCombat: 'beginning of combat',
  declareAttackers: 'declare attackers step',
  declareBlockers: 'declare blockers step',
  combatDamage: 'combat damage step',
  endCombat: 'end of combat step',
  main2: 'postcombat main phase',
  end: 'end step',
  cleanup: 'cleanup step',
};

/**
 * Where a priority round is: which round of which step (the first-strike damage step's, a
 * step's own, or the round a cleanup step grants, CR 514.3a), whose turn to act it is, and the
 * round's counters. It is all a priority decision's continuation depends on besides the state,
 * so a game stopped at a priority decision can be picked up from the state and this frame alone
 * (a full-state snapshot, a fork) without replaying the game.
 */
export type PriorityFrame = {
  step: Step;
  round: 'main' | 'firstStrike' | 'cleanup';
  seat: Seat;
  passes: number;
  resolvedUnasked: number;
  lastChoices: number;
};

/** A priority decision to continue from: its frame, the point asked and the offers behind it. */
export type PriorityResume = { frame: PriorityFrame; point: ChoicePoint; offers: Offer[] };

/** A priority decision's options and prompt for the offers found, and the offers behind them (option k is offer k − 1). */
function priorityMenu(g: G, seat: Seat, found: ReturnType<typeof offers>): { list: Offer[]; opts: Opt[]; prompt: string; extra: PointExtra } {
  const list = found.offers;
  const opts: Opt[] = [{ label: 'pass', action: { verb: 'pass' } }, ...list.map((o) => describeOffer(g, o))];
  const prompt = `Turn ${g.s.turn}, ${STEP_TEXT[g.s.step]}: p${seat + 1} has priority${g.s.stack.length ? ` (stack: ${g.s.stack.length})` : ''}`;
  return { list, opts, prompt, extra: g.config.explain === true ? { unavailable: found.unavailable } : {} };
}

/**
 * The priority decision `seat` has now, as a point and its offers: how a shadow asks a waiting
 * decision again once it learned a face the decision needs (game.ts `rederivePriority`).
 *
 * @example
 * ```ts
 * const { point, offers } = priorityPoint(g, 1);
 * ```
 */
export function priorityPoint(g: G, seat: Seat): { point: ChoicePoint; offers: Offer[] } {
  const { list, opts, prompt, extra } = priorityMenu(g, seat, offers(g, seat, g.config.explain === true));
  return { point: { seat, kind: 'priority', prompt, options: numbered(opts), turn: g.s.turn, phase: g.s.step, ...extra }, offers: list };
}

/**
 * One priority decision (CR 117.3), for the offers `found` (at least one, or a replicated copy);
 * returns true when the player acted rather than passed.
 */
function* priorityDecision(g: G, f: PriorityFrame, found: ReturnType<typeof offers>): Gen<boolean> {
  const seat = f.seat;
  const { list, opts, prompt, extra } = priorityMenu(g, seat, found);
  // While this decision waits, the game can be continued from the state and this frame.
  g.priority = { frame: { ...f }, offers: list };
  const k = yield* ask(g, seat, 'priority', prompt, opts, extra);
  g.priority = null;
  if (k === 0) return false;
  yield* takeOffer(g, seat, list[k - 1]!);
  return true;
}

/** The rest of a priority decision that was waiting when the game was restored or forked. */
function* resumedDecision(g: G, r: PriorityResume): Gen<boolean> {
  g.priority = { frame: { ...r.frame }, offers: r.offers };
  const k = yield* answer(g, r.point);
  g.priority = null;
  if (k === 0) return false;
  yield* takeOffer(g, r.frame.seat, r.offers[k - 1]!);
  return true;
}

/** Players get priority until both pass with an empty stack (CR 117.3–117.4, 405.5, 608.1). */
function* priorityRound(g: G, round: PriorityFrame['round'], resume?: PriorityResume): Gen<void> {
  const f: PriorityFrame = resume
    ? { ...resume.frame }
    : { step: g.s.step, round, seat: g.s.active, passes: 0, resolvedUnasked: 0, lastChoices: g.choices.length };
  let resuming = resume;
  for (;;) {
    let acted: boolean;
    if (resuming) {
      // Picked up at the decision itself: the checks before it were made before it was asked.
      acted = yield* resumedDecision(g, resuming);
      resuming = undefined;
    } else {
      // A loop of mandatory actions no player can stop is a draw (CR 104.4b).
      if (g.choices.length !== f.lastChoices) {
        f.lastChoices = g.choices.length;
        f.resolvedUnasked = 0;
      } else if (f.resolvedUnasked > 5000) endGame(g, null, 'a mandatory loop that no player can stop (CR 104.4b)');
      // Most of the time nothing is to be done: no generator is made for it.
      if (!settled(g)) yield* stateCheck(g);
      g.s.priority = f.seat;
      const found = offers(g, f.seat, g.config.explain === true);
      // Nothing to do but pass (most priority decisions): a one-option decision is not asked (ask.ts),
      // so its menu, prompt and waiting frame would be built only to be dropped. A replicated copy
      // goes on to ask.ts, which sends it to the other seat's shadow: a shadow cannot tell an empty
      // list of the other seat's from one it lacks the faces for (replica/).
      acted = found.offers.length === 0 && !g.replica ? false : yield* priorityDecision(g, f, found);
    }
    if (acted) {
      f.passes = 0;
      continue;
    }
    f.passes++;
    if (f.passes < 2) {
      f.seat = opponent(f.seat);
      continue;
    }
    if (g.s.stack.length === 0) {
      g.s.priority = null;
      return;
    }
    yield* resolveTop(g);
    f.resolvedUnasked++;
    f.passes = 0;
    f.seat = g.s.active;
  }
}

type EffectsEnd = 'eot' | 'eoc' | 'turn-start' | 'upkeep';

function durationOver(g: G, d: Duration, moment: EffectsEnd): boolean {
  if (moment === 'eot') return d.until === 'eot' || d.until === 'eoc';
  if (moment === 'eoc') return d.until === 'eoc';
  if (moment === 'upkeep') return d.until === 'next-upkeep' && d.seat === g.s.active;
  return d.until === 'next-turn' && d.seat === g.s.active;
}

/** Ends effects whose duration is over: continuous effects, effect objects, delayed triggers. */
function endEffects(g: G, moment: EffectsEnd): void {
  const before = g.s.effects.length;
  g.s.effects = g.s.effects.filter((e) => !durationOver(g, e.duration, moment));
  g.s.delayed = g.s.delayed.filter((d) => !durationOver(g, d.duration, moment));
  for (const id of [...g.s.zones['command']!]) {
    const o = g.s.objects[id]!;
    // An effect object whose duration is over leaves the game for good.
    if (o.effect && durationOver(g, o.effect.duration, moment)) endEffectObject(g, o.id);
  }
  if (g.s.effects.length !== before) touch(g);
}

function beginStep(g: G, step: Step): void {
  if (step === 'untap') checkZones(g);
  g.s.step = step;
  // "Until your next upkeep" ends as that upkeep begins, before its "at the beginning of your
  // upkeep" abilities trigger (Erhnam Djinn's new forestwalk replaces the old one).
  if (step === 'upkeep') endEffects(g, 'upkeep');
  g.actions.push({ type: 'Step', turn: g.s.turn, step, active: g.s.active });
  g.events.push({ type: 'StepBegan', turn: g.s.turn, step });
  // The step alone changed (the pools that empty before it are in the offers' digest).
  touchStep(g);
}

/**
 * Mana empties from pools as a step ends (CR 500.4), except mana made with "until end of turn,
 * you don't lose this mana as steps and phases end" (`keep`), which goes when the turn ends: in
 * the cleanup step (CR 514.2, when "until end of turn" effects end) and, at the latest, the next
 * untap step. A set-up's persistent mana (`persist`) never empties.
 */
function emptyPools(g: G, endOfTurn = false): void {
  for (const p of g.s.players) {
    if (p.pool.length === 0) continue;
    p.pool = p.pool.filter((u) => u.persist === true || (!endOfTurn && u.keep === true));
  }
}

/** The untap step (CR 502): the active player's permanents untap, except those that don't. */
function* untapStep(g: G): Gen<void> {
  const seat = g.s.active;
  const pkw = playerKeywords(g, seat);
  // CR 702.26m: with the untap step skipped, the phasing event does not happen either.
  if (pkw.includes('Skip your untap step.')) return;
  // CR 702.26a: phasing happens before the active player untaps anything.
  phasingEvent(g, seat);
  // UntapAdjust:Land:1 (Winter Orb): of the permanents of that type, only N untap, chosen by the player.
  const limits: Array<{ type: string; n: number; used: number }> = [];
  for (const k of pkw) {
    const kw = keywordOf(k);
    if (kw.name === 'UntapAdjust') limits.push({ type: kw.args[0] ?? 'Land', n: Number(kw.args[1] ?? '1'), used: 0 });
  }
  const limited = new Set<number>();
  for (const limit of limits) {
    const pool = g.s.zones['battlefield']!.map((id) => g.s.objects[id]!).filter(
      (o) => o.tapped && chars(g, o).controller === seat && objectMatches({ g, you: seat, host: 0 }, limit.type, o),
    );
    for (const o of pool) limited.add(o.id);
    let left = [...pool];
    for (let i = 0; i < limit.n && left.length > 0; i++) {
      const opts: Opt[] = left.map((o) => ({ label: `untap ${chars(g, o).name}`, action: { verb: 'choose', card: cardRef(o.id, chars(g, o).name) } }));
      const k = yield* ask(g, seat, 'choose', `Choose ${limit.type === 'Land' ? 'a land' : 'a permanent'} to untap`, opts);
      untapObject(g, left[k]!);
      left = left.filter((_, j) => j !== k);
    }
  }
  for (const id of [...g.s.zones['battlefield']!]) {
    if (limited.has(id)) continue;
    const o = g.s.objects[id]!;
    const c = chars(g, o);
    if (c.controller !== seat || !o.tapped) continue;
    if (o.skipNextUntap) {
      o.skipNextUntap = false;
      continue;
    }
    if (c.keywords.includes("CARDNAME doesn't untap during your untap step.")) continue;
    if (c.keywords.includes("This card doesn't untap during your next untap step.")) {
      // It stays tapped this once; the effect that said so is used up.
      for (const e of g.s.effects) {
        if (e.mods.addKeywords?.includes("This card doesn't untap during your next untap step.") && e.affected.some((r) => 'card' in r && r.card === o.id)) {
          e.affected = e.affected.filter((r) => !('card' in r && r.card === o.id));
        }
      }
      touch(g);
      continue;
    }
    if (c.keywords.includes('You may choose not to untap CARDNAME during your untap step.')) {
      const k = yield* ask(
        g,
        seat,
        'yes-no',
        `Untap ${c.name}?`,
        [
          { label: `leave ${c.name} tapped`, action: { verb: 'no' } },
          { label: `untap ${c.name}`, action: { verb: 'yes' } },
        ],
        { about: untapAbout(g, o, seat) },
      );
      if (k === 0) continue;
    }
    untapObject(g, o);
  }
}

/**
 * What untapping `o` decides (YesNoAbout `untap`): it untaps, and what it holds only while it
 * stays tapped goes back (a control effect lasting until it untaps: Old Man of the Sea).
 */
function untapAbout(g: G, o: GameObject, seat: Seat): YesNoAbout {
  const name = chars(g, o).name;
  const effects: YesNoEffect[] = [{ api: 'Untap', targets: [{ card: o.id, name, controller: seat }] }];
  for (const e of g.s.effects) {
    const d = e.duration;
    if (d.until !== 'host-untaps' || d.host !== o.id || d.inc !== o.inc || e.mods.control === undefined) continue;
    for (const r of e.affected) {
      if (!('card' in r)) continue;
      const held = g.s.objects[r.card];
      if (!held || held.inc !== r.inc || held.zone !== 'battlefield') continue;
      const hc = chars(g, held);
      effects.push({ api: 'GainControl', targets: [{ card: held.id, name: hc.name, controller: hc.controller }] });
    }
  }
  return { kind: 'untap', source: { id: o.id, name }, controller: seat, effects };
}

declareParamReads('engine:hand-size', ['SetMaxHandSize', 'RaiseMaxHandSize'], ['static']);

/**
 * A player's maximum hand size (CR 402.2): seven, unless a static sets it (`Mode$ Continuous |
 * Affected$ You | SetMaxHandSize$ Unlimited`: Spellbook's "you have no maximum hand size", or a
 * number). Of several, the latest in battlefield-then-command order applies (timestamp order,
 * CR 613.7, as the statics were put there). Statics that raise or reduce it (`RaiseMaxHandSize$
 * -1`: Gnat Miser's "each opponent's maximum hand size is reduced by one") add to that size,
 * as Forge adds them to the base after it is set; it is never below zero.
 */
function maxHandSize(g: G, seat: Seat): number {
  let size = 7;
  let raise = 0;
  for (const pile of ['battlefield', 'command']) {
    for (const id of g.s.zones[pile]!) {
      const c = chars(g, g.s.objects[id]!);
      for (const key of c.statics) {
        const ref = resolveNode(g.registry, key);
        if (ref.node.head !== 'Continuous') continue;
        const set = param(ref, 'SetMaxHandSize');
        const by = param(ref, 'RaiseMaxHandSize');
        const affected = param(ref, 'Affected');
        if ((set === undefined && by === undefined) || affected === undefined) continue;
        const run: Run = { g, you: c.controller, host: id, ref };
        if (!matchesPlayer(run, affected, seat) || !conditionsHold(run, ref)) continue;
        if (set !== undefined) size = set === 'Unlimited' ? Infinity : Math.max(0, evalNumber(run, set));
        if (by !== undefined) raise += evalNumber(run, by);
      }
    }
  }
  return Math.max(0, size + raise);
}

/** The cleanup step (CR 514): discard to hand size, then damage wears off and "this turn" ends. */
function* cleanupStep(g: G): Gen<void> {
  const seat = g.s.active;
  const max = maxHandSize(g, seat);
  for (;;) {
    const hand = g.s.zones[`hand-${seat}`]!;
    if (hand.length <= max) break;
    const opts: Opt[] = hand.map((id) => {
      const name = chars(g, g.s.objects[id]!).name;
      return { label: `discard ${name}`, action: { verb: 'choose', card: cardRef(id, name) } };
    });
    const k = yield* ask(g, seat, 'discard', `Discard down to ${max} cards (${hand.length})`, opts);
    yield* discard(g, seat, [g.s.objects[hand[k]!]!]);
  }
  for (const id of g.s.zones['battlefield']!) {
    const o = g.s.objects[id]!;
    o.damage = 0;
    o.deathtouched = false;
    o.shields = 0;
  }
  // Effects that end touch() themselves (endEffects); damage and shields are no characteristic.
  endEffects(g, 'eot');
  touchState(g);
}

/**
 * Begins the next turn: the most recent extra turn first (CR 500.7), else the other player's. A
 * turn its player skips (Time Vault, CR 614.10) does not happen: the turn after it begins
 * instead, and the turn count does not move.
 */
function* beginTurn(g: G): Gen<void> {
  let first = g.s.turn === 0;
  let after = g.s.active;
  let next: Seat;
  for (;;) {
    next = g.s.extraTurns.length > 0 ? g.s.extraTurns.pop()! : first ? g.s.first : opponent(after);
    if (!(yield* skipsTurn(g, next))) break;
    first = false;
    after = next;
  }
  g.s.turn++;
  g.s.active = next;
  const p = g.s.players[next];
  p.turnStartTick = nextTick(g);
  for (const q of g.s.players) {
    q.landsPlayed = 0;
    q.lifeGained = 0;
    q.lifeLost = 0;
    if (q.spellsCast > 0) q.spellsCastLastTurn = q.spellsCast;
    else delete q.spellsCastLastTurn;
    q.spellsCast = 0;
    q.cardsDrawn = 0;
  }
  g.s.turnFacts = { creaturesDied: 0, attackersDeclared: 0, landsEntered: 0 };
  for (const id of g.s.zones['battlefield']!) {
    const o = g.s.objects[id]!;
    o.activations = {};
    o.damagedBy = [];
  }
  g.events.push({ type: 'TurnBegan', turn: g.s.turn, active: next });
  // Effects that end touch() themselves; the turn, the active player and this turn's facts are read only by volatile statics.
  endEffects(g, 'turn-start');
  touchState(g);
}

/**
 * Runs one step: its turn-based actions, its triggers, and priority. `setUp`: the board set-up
 * starts in this step, and a combat it lays out is declared already (CR 508.1, 509.1).
 */
/** Puts a lore counter on each Saga `seat` controls (CR 714.3b), in battlefield order. */
function* loreCounters(g: G, seat: Seat): Gen<void> {
  for (const id of [...g.s.zones['battlefield']!]) {
    const o = g.s.objects[id]!;
    const c = chars(g, o);
    // A turn-based action, not an effect (Doubling Season's `EffectOnly$` does not apply).
    if (c.controller === seat && c.subtypes.includes('Saga')) yield* putCounters(g, o, 'LORE', 1, { effect: false, source: lkiOf(g, o) });
  }
}

function* runStep(g: G, step: Step, setUp = false): Gen<void> {
  beginStep(g, step);
  const active = g.s.active;
  switch (step) {
    case 'untap':
      yield* untapStep(g);
      break;
    case 'upkeep':
      yield* upkeepCosts(g);
      break;
    case 'draw':
      // CR 103.8a: the player who goes first skips the draw of their first turn.
      if (!(g.s.turn === 1 && active === g.s.first && !g.config.setup)) yield* drawCards(g, active, 1);
      break;
    case 'main1':
      // CR 714.3b: as a player's precombat main phase begins, they put a lore counter on each Saga
      // they control (a turn-based action, CR 703.4). Not for a set-up whose main phase is under way.
      if (!setUp || g.config.setup?.stepBegins === true) yield* loreCounters(g, active);
      break;
    case 'end':
      // CR 724.2: "At the beginning of the monarch's end step, that player draws a card."
      // Simplified: drawn as the step begins, not a triggered ability on the stack.
      if (g.s.monarch === active) yield* drawCards(g, active, 1);
      break;
    case 'declareAttackers':
      if (!(setUp && g.s.combat)) yield* declareAttackers(g);
      break;
    case 'declareBlockers':
      if (!(setUp && (g.s.combat?.blocks.length ?? 0) > 0)) yield* declareBlockers(g);
      break;
    case 'cleanup':
      yield* cleanupStep(g);
      break;
    default:
      break;
  }
  if (step !== 'untap' && step !== 'cleanup' && step !== 'combatDamage') raise(g, { mode: 'Phase', player: active });
  if (step === 'combatDamage') {
    if (needsFirstStrikeStep(g)) {
      yield* combatDamage(g, true);
      yield* priorityRound(g, 'firstStrike');
      yield* afterPriority(g, step, 'firstStrike');
      return;
    }
    yield* combatDamage(g, false);
    raise(g, { mode: 'Phase', player: active });
  }
  if (step === 'untap') {
    emptyPools(g, true);
    return;
  }
  if (step === 'cleanup') {
    // CR 514.3a: only if something happened does anyone get priority, and then another cleanup.
    if (g.s.pending.length > 0) {
      yield* priorityRound(g, 'cleanup');
      yield* afterPriority(g, step, 'cleanup');
      return;
    }
    emptyPools(g, true);
    return;
  }
  yield* priorityRound(g, 'main');
  yield* afterPriority(g, step, 'main');
}

/**
 * What a step does once a priority round in it ends: mana empties (CR 500.4); after the
 * first-strike damage step, the regular damage step (CR 510.4); after a cleanup's round, another
 * cleanup (CR 514.3a); at the end of combat, combat and "until end of combat" end (CR 511.3).
 */
function* afterPriority(g: G, step: Step, round: PriorityFrame['round']): Gen<void> {
  emptyPools(g, step === 'cleanup');
  if (round === 'firstStrike') {
    beginStep(g, 'combatDamage');
    yield* combatDamage(g, false);
    raise(g, { mode: 'Phase', player: g.s.active });
    yield* priorityRound(g, 'main');
    yield* afterPriority(g, step, 'main');
    return;
  }
  if (round === 'cleanup') {
    yield* runStep(g, 'cleanup');
    emptyPools(g, true);
    return;
  }
  if (step === 'endCombat') {
    g.s.combat = null;
    endEffects(g, 'eoc');
    touchState(g);
  }
}

/**
 * Continues a game from a priority decision that was waiting (a restored or forked game): the
 * decision, the rest of its round and step, the rest of the turn, then turns as
 * {@link playTurn} plays them.
 * @example
 * ```ts
 * const it = resumeAtPriority(g, { frame, point, offers }); // yields `point` first
 * ```
 */
export function* resumeAtPriority(g: G, r: PriorityResume): Gen<void> {
  const step = r.frame.step;
  yield* priorityRound(g, r.frame.round, r);
  yield* afterPriority(g, step, r.frame.round);
  const next = nextStep(g, step);
  if (next !== null) yield* playTurn(g, next);
}

/**
 * The step after `step` in this turn: the next of the turn's queue when an effect added phases
 * (CR 500.8), taken off it, else the next in turn order; null after the cleanup step.
 */
function nextStep(g: G, step: Step): Step | null {
  const queue = g.s.stepQueue;
  if (queue !== undefined) {
    const next = queue.shift() ?? null;
    // Nothing derived reads the queue (offers, characteristics), so no touch is needed.
    if (queue.length === 0) delete g.s.stepQueue;
    return next;
  }
  const i = STEPS.indexOf(step) + 1;
  return i < STEPS.length ? STEPS[i]! : null;
}

/**
 * Plays a turn from `from` (a fresh turn from the untap step, or a board setup's step). Combat's
 * declare blockers and damage steps are skipped when no creature attacks (CR 508.8).
 * @example
 * ```ts
 * yield* playTurn(g); // one whole turn, from the untap step
 * ```
 */
export function* playTurn(g: G, from: Step = 'untap'): Gen<void> {
  // A board set-up's first turn is under way before any step has begun: starting in its untap
  // step untaps (CR 502) without beginning another turn.
  const setUp = g.config.setup !== undefined && !g.actions.some((a) => a.type === 'Step');
  if (from === 'untap' && !setUp) yield* beginTurn(g);
  for (let step: Step | null = from, first = true; step !== null; step = nextStep(g, step), first = false) {
    if ((step === 'declareBlockers' || step === 'combatDamage') && (g.s.combat?.attackers.length ?? 0) === 0) continue;
    // "Skip your draw step." (Necropotence; CR 614.10: a skipped step does not happen at all).
    if (step === 'draw' && playerKeywords(g, g.s.active).includes(SKIP_DRAW)) continue;
    yield* runStep(g, step, setUp && first);
  }
}
