/**
 * The assertion language's syntax tree: one {@link Assertion} per `[assertions]` line,
 * `NOT? (me|opponent)? predicate` (grammar/puzzle-assertions.ne).
 */

/** A comparison: equal, not equal, less than, at most, greater than, at least. */
export type Comparison = 'eq' | 'ne' | 'lt' | 'le' | 'gt' | 'ge';
/** Every comparison word. */
export const COMPARISONS: readonly Comparison[] = ['eq', 'ne', 'lt', 'le', 'gt', 'ge'];

/** The zones an assertion can look at. */
export type AssertZone = 'hand' | 'battlefield' | 'graveyard' | 'library' | 'exile' | 'command';

/** Whose state an assertion reads: seat 0 (`me`, the default) or seat 1 (`opponent`). */
export type Scope = 'me' | 'opponent';

/** What an assertion says, without its `NOT` and scope. */
export type Predicate =
  | { kind: 'life'; cmp: Comparison; value: number } // final life total
  | { kind: 'life-gained'; cmp: Comparison; value: number } // life gained over the game
  | { kind: 'zone-count'; zone: AssertZone; cmp: Comparison; value: number }
  | { kind: 'zone-contains'; zone: AssertZone; name: string }
  | { kind: 'library-top'; count: number; name: string } // one of the top `count` cards has the name
  | { kind: 'game'; result: 'won' | 'lost' | 'ended' }
  | { kind: 'turn'; cmp: Comparison; value: number } // the turn the game ended (or stopped) in
  | { kind: 'trigger-fired'; name?: string } // a triggered ability of a source with the name fired
  | { kind: 'spell-cast'; name?: string }
  | { kind: 'creature-died'; name?: string }
  // The permanents on the battlefield (the scope's, by controller): some permanent with the name is so.
  | { kind: 'tapped'; tapped: boolean; name: string } // CR 110.5
  | { kind: 'power' | 'toughness' | 'damage'; cmp: Comparison; value: number; name: string } // CR 208, 120.3e (marked damage)
  | { kind: 'counters'; counter: string; cmp: Comparison; value: number; name: string } // CR 122; `counter` as the engine names it (P1P1)
  | { kind: 'attached'; attachment: string; name: string }; // CR 301.5, 303.4: an Equipment or Aura with the first name on the second

/** One assertion. */
export type Assertion = {
  negated: boolean;
  /** As written; absent means `me` for player-scoped predicates and "any player" for events. */
  scope?: Scope;
  predicate: Predicate;
  /** The assertion in its one canonical spelling (see `formatAssertion`). */
  text: string;
  /** Where it was written; for goal assertions, the Goal line of [metadata]. */
  line: number;
  column: number;
  /** Written in [assertions], or made from Forge's Goal. */
  origin: 'written' | 'goal';
};
