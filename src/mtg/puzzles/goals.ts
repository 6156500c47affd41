/**
 * Forge's goals as assertions. Forge enforces a goal inside the game, with an effect in the
 * human's command zone (`Puzzle.addGoalEnforcement`): you lose at the cleanup of the last turn
 * (Win), win at the upkeep after it (Survive), or win when the specified permanents are gone,
 * have entered, or are yours. The runner enforces the same rules (docs/mtg/puzzles.md), so every
 * goal is met exactly when seat 0 wins: `game won`, bounded by the last turn where there is one.
 * Where the targets name a card (`Card.YouCtrl+namedBroodstar`), the board is checked as well.
 */
import type { Assertion, Predicate, Scope } from './assertion-ast.js';
import { formatAssertion } from './assertions.js';
import type { PuzzleGoal, PuzzleState } from './model.js';

/**
 * The card name and controller a Forge `Valid` expression names, when it is of the form
 * `Type.Prop+...+namedName`; `undefined` otherwise.
 *
 * @example
 * ```ts
 * namedTarget('Card.YouCtrl+namedMarit Lage'); // { name: 'Marit Lage', scope: 'me' }
 * namedTarget('Creature.Dragon+OppCtrl'); // undefined
 * ```
 */
export function namedTarget(valid: string): { name: string; scope?: Scope } | undefined {
  const dot = valid.indexOf('.');
  if (dot === -1) return undefined;
  const props = valid.slice(dot + 1).split('+');
  const named = props.find((p) => p.startsWith('named'));
  if (!named || named.length === 'named'.length) return undefined;
  const scope: Scope | undefined = props.includes('YouCtrl') ? 'me' : props.includes('OppCtrl') ? 'opponent' : undefined;
  return { name: named.slice('named'.length), ...(scope ? { scope } : {}) };
}

/**
 * The assertions a goal stands for, in the order they are checked.
 *
 * @example
 * ```ts
 * goalAssertions({ kind: 'win', lastTurn: 2, written: 'Win', targetCount: 1, line: 4, column: 6 }, state).map((a) => a.text);
 * // ['game won', 'turn le 2']
 * ```
 */
export function goalAssertions(goal: PuzzleGoal, state: PuzzleState): Assertion[] {
  const out: Assertion[] = [];
  const add = (predicate: Predicate, scope?: Scope): void => {
    const a: Assertion = { negated: false, ...(scope ? { scope } : {}), predicate, text: '', line: goal.line, column: goal.column, origin: 'goal' };
    a.text = formatAssertion(a);
    out.push(a);
  };
  add({ kind: 'game', result: 'won' });
  let last = goal.lastTurn;
  if (goal.kind === 'win-before-opponent-turn') {
    // Seat 1's next turn is the next turn when seat 0 is active, the one after otherwise.
    const bound = state.activePlayer === 0 ? state.turn : state.turn + 1;
    last = last === undefined ? bound : Math.min(last, bound);
  }
  // Survive is won at the upkeep after the last turn, so it has no turn bound of its own.
  if (last !== undefined && goal.kind !== 'survive') add({ kind: 'turn', cmp: 'le', value: last });
  if (goal.kind === 'play' && goal.targets?.length === 1) {
    const named = namedTarget(goal.targets[0]!);
    // The language has no "count of a name", so TargetCount above 1 is left to the runner's rule.
    if (named) add({ kind: 'zone-contains', zone: 'battlefield', name: named.name }, named.scope);
  }
  return out;
}
