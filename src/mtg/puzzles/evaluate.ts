/**
 * The assertion evaluator: assertions against a {@link PuzzleOutcome}. Pure, never throws.
 *
 * Scope: `me` is seat 0, `opponent` seat 1. Player-scoped predicates (life, life gained, zones,
 * library, game won/lost) read `me` when no scope is written. Event predicates (trigger fired,
 * spell cast, creature died) match any player when no scope is written, and the named player
 * otherwise. `game ended` and `turn` are the game's, whatever the scope. Permanent predicates
 * (tapped, untapped, power, toughness, damage, counters, attached) hold when some permanent with
 * the name that the scope controls is so; with none of that name, they do not hold.
 */
import type { Seat } from '../engine/choice.js';
import { normaliseCardName } from '../cards/index.js';
import type { Assertion, Comparison } from './assertion-ast.js';
import type { PermanentOutcome, PuzzleEvent, PuzzleOutcome, SeatOutcome } from './outcome.js';

/** One assertion's verdict. */
export type AssertionResult = {
  assertion: Assertion;
  passed: boolean;
  /** What the outcome held, for people: `life is 17`, `graveyard holds Lightning Bolt, Mountain`. */
  actual: string;
  /** Set when the assertion could not be judged; it then fails, negated or not. */
  problem?: 'no-event-log';
};

/** Every assertion's verdict; `passed` when all passed. */
export type PuzzleVerdict = { passed: boolean; results: AssertionResult[] };

/**
 * Compares two numbers with a comparison word.
 *
 * @example
 * ```ts
 * compare(3, 'le', 3); // true
 * ```
 */
export function compare(actual: number, cmp: Comparison, expected: number): boolean {
  switch (cmp) {
    case 'eq':
      return actual === expected;
    case 'ne':
      return actual !== expected;
    case 'lt':
      return actual < expected;
    case 'le':
      return actual <= expected;
    case 'gt':
      return actual > expected;
    case 'ge':
      return actual >= expected;
  }
}

const sameName = (a: string, b: string): boolean => normaliseCardName(a) === normaliseCardName(b);

function names(list: readonly string[]): string {
  if (list.length === 0) return 'nothing';
  const shown = list.slice(0, 10).join(', ');
  return list.length > 10 ? `${shown}, ... (${list.length} cards)` : shown;
}

function seatOf(outcome: PuzzleOutcome, seat: Seat): SeatOutcome {
  return outcome.players?.[seat] ?? { life: 0, lifeGained: 0, zones: {} };
}

/** A permanent's state for a failed assertion's message: `Grizzly Bears (tapped, 3/3, 1 damage, P1P1 1)`. */
function describePermanent(o: PermanentOutcome): string {
  const parts = [o.tapped ? 'tapped' : 'untapped'];
  if (o.power !== null || o.toughness !== null) parts.push(`${o.power ?? '-'}/${o.toughness ?? '-'}`);
  if (o.damage > 0) parts.push(`${o.damage} damage`);
  for (const [k, n] of Object.entries(o.counters)) parts.push(`${k} ${n}`);
  if (o.attachedTo !== undefined) parts.push(`attached to ${o.attachedTo}`);
  return `${o.name} (${parts.join(', ')})`;
}

const EVENT_KIND = { 'trigger-fired': 'TriggerFired', 'spell-cast': 'SpellCast', 'creature-died': 'CreatureDied' } as const;

/**
 * Judges one assertion against an outcome.
 *
 * @example
 * ```ts
 * const [a] = puzzle.assertions; // 'opponent life lt 20'
 * evaluateAssertion(a!, outcome); // { assertion: a, passed: true, actual: 'opponent life is 17' }
 * ```
 */
export function evaluateAssertion(assertion: Assertion, outcome: PuzzleOutcome): AssertionResult {
  const p = assertion.predicate;
  const who = assertion.scope ?? 'me';
  const seat: Seat = who === 'opponent' ? 1 : 0;
  const player = seatOf(outcome, seat);
  const zone = (z: keyof SeatOutcome['zones']): string[] => player.zones?.[z] ?? [];
  let held: boolean;
  let actual: string;
  switch (p.kind) {
    case 'life':
      held = compare(player.life, p.cmp, p.value);
      actual = `${who} life is ${player.life}`;
      break;
    case 'life-gained':
      held = compare(player.lifeGained, p.cmp, p.value);
      actual = `${who} gained ${player.lifeGained} life`;
      break;
    case 'zone-count': {
      const cards = zone(p.zone);
      held = compare(cards.length, p.cmp, p.value);
      actual = `${who} ${p.zone} holds ${cards.length} card${cards.length === 1 ? '' : 's'}`;
      break;
    }
    case 'zone-contains': {
      const cards = zone(p.zone);
      held = cards.some((c) => sameName(c, p.name));
      actual = `${who} ${p.zone} holds ${names(cards)}`;
      break;
    }
    case 'library-top': {
      // A count beyond the library's size means the whole library, as in DeepScry's evaluator.
      const top = zone('library').slice(0, p.count);
      held = top.some((c) => sameName(c, p.name));
      actual = `${who} library's top ${p.count} ${top.length === 1 ? 'is' : 'are'} ${names(top)}`;
      break;
    }
    case 'game': {
      const r = outcome.result;
      if (p.result === 'ended') held = r.kind === 'won' || r.kind === 'draw';
      else if (p.result === 'won') held = r.kind === 'won' && r.winner === seat;
      else held = r.kind === 'won' && r.winner !== seat;
      actual = r.kind === 'won' ? `${r.winner === 0 ? 'me' : 'opponent'} won` : r.kind === 'draw' ? 'the game was a draw' : 'the game did not end';
      break;
    }
    case 'turn':
      held = compare(outcome.turn, p.cmp, p.value);
      actual = `the game ended in turn ${outcome.turn}`;
      break;
    case 'tapped':
    case 'power':
    case 'toughness':
    case 'damage':
    case 'counters':
    case 'attached': {
      const named = (player.permanents ?? []).filter((o) => sameName(o.name, p.kind === 'attached' ? p.attachment : p.name));
      const test = (o: PermanentOutcome): boolean => {
        switch (p.kind) {
          case 'tapped':
            return o.tapped === p.tapped;
          case 'power':
          case 'toughness':
            return o[p.kind] !== null && compare(o[p.kind]!, p.cmp, p.value);
          case 'damage':
            return compare(o.damage, p.cmp, p.value);
          case 'counters':
            return compare(o.counters[p.counter] ?? 0, p.cmp, p.value);
          case 'attached':
            return o.attachedTo !== undefined && sameName(o.attachedTo, p.name);
        }
      };
      held = named.some(test);
      actual =
        named.length === 0
          ? `${who} controls no ${p.kind === 'attached' ? p.attachment : p.name}`
          : `${who === 'me' ? 'my' : "opponent's"} ${named.map(describePermanent).join('; ')}`;
      break;
    }
    default: {
      if (!outcome.events) {
        return { assertion, passed: false, actual: 'this run kept no event log', problem: 'no-event-log' };
      }
      const kind = EVENT_KIND[p.kind];
      const matching = outcome.events.filter(
        (e: PuzzleEvent) => e.kind === kind && (assertion.scope === undefined || e.seat === seat) && (p.name === undefined || sameName(e.card, p.name)),
      );
      held = matching.length > 0;
      const all = outcome.events.filter((e) => e.kind === kind).map((e) => e.card);
      actual = `${kind} events: ${names(all)}`;
    }
  }
  return { assertion, passed: assertion.negated ? !held : held, actual };
}

/**
 * Judges every assertion, in order.
 *
 * @example
 * ```ts
 * const verdict = evaluateAssertions(puzzle.assertions, outcome);
 * if (!verdict.passed) for (const r of verdict.results.filter((r) => !r.passed)) console.log(r.assertion.text, '→', r.actual);
 * ```
 */
export function evaluateAssertions(assertions: readonly Assertion[], outcome: PuzzleOutcome): PuzzleVerdict {
  const results = assertions.map((a) => evaluateAssertion(a, outcome));
  return { passed: results.every((r) => r.passed), results };
}
