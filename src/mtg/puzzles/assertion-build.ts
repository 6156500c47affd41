// Postprocessors for grammar/puzzle-assertions.ne: nearley's match arrays → draft assertions.
// Kept out of the grammar file so they are type-checked like the rest of the code. Numbers stay
// tokens here; assertions.ts checks their range and finishes the assertion.
import type { Token } from 'moo';
import type { AssertZone, Comparison, Scope } from './assertion-ast.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- nearley hands postprocessors untyped arrays
type Any = any;

/** A name: its words joined by single spaces, and the token it starts at. */
export type DraftName = { text: string; first: Token };

/** A predicate whose numbers are still tokens. */
export type DraftPredicate =
  | { kind: 'life' | 'life-gained' | 'turn'; cmp: Comparison; value: Token }
  | { kind: 'zone-count'; zone: AssertZone; cmp: Comparison; value: Token }
  | { kind: 'zone-contains'; zone: AssertZone; name: DraftName }
  | { kind: 'library-top'; count: Token; name: DraftName }
  | { kind: 'game'; result: 'won' | 'lost' | 'ended' }
  | { kind: 'trigger-fired' | 'spell-cast' | 'creature-died'; name?: DraftName }
  | { kind: 'tapped'; tapped: boolean; name: DraftName }
  | { kind: 'power' | 'toughness' | 'damage'; cmp: Comparison; value: Token; name: DraftName }
  | { kind: 'counters'; counter: Token; cmp: Comparison; value: Token; name: DraftName }
  | { kind: 'attached'; attachment: DraftName; name: DraftName };

/** A whole line, before numbers are checked. */
export type DraftAssertion = { negated: boolean; scope?: Scope; predicate: DraftPredicate; first: Token };

const word = (t: Token): string => t.text.toLowerCase();

export function assertion(d: Any): DraftAssertion {
  const not: Token | null = d[0];
  const scope: Token | null = d[1];
  const predicate: DraftPredicate & { first: Token } = d[2];
  const { first: predFirst, ...rest } = predicate;
  return {
    negated: not !== null,
    ...(scope ? { scope: word(scope) as Scope } : {}),
    predicate: rest,
    first: not ?? scope ?? predFirst,
  };
}

export function life(d: Any): DraftPredicate & { first: Token } {
  return { kind: 'life', cmp: word(d[1]) as Comparison, value: d[2], first: d[0] };
}

export function lifeGained(d: Any): DraftPredicate & { first: Token } {
  return { kind: 'life-gained', cmp: word(d[2]) as Comparison, value: d[3], first: d[0] };
}

export function zoneCount(d: Any): DraftPredicate & { first: Token } {
  return { kind: 'zone-count', zone: word(d[0]) as AssertZone, cmp: word(d[2]) as Comparison, value: d[3], first: d[0] };
}

export function zoneContains(d: Any): DraftPredicate & { first: Token } {
  return { kind: 'zone-contains', zone: word(d[0]) as AssertZone, name: d[2], first: d[0] };
}

export function libraryTop(d: Any): DraftPredicate & { first: Token } {
  return { kind: 'library-top', count: d[2], name: d[4], first: d[0] };
}

export function game(d: Any): DraftPredicate & { first: Token } {
  return { kind: 'game', result: word(d[1]) as 'won' | 'lost' | 'ended', first: d[0] };
}

export function turn(d: Any): DraftPredicate & { first: Token } {
  return { kind: 'turn', cmp: word(d[1]) as Comparison, value: d[2], first: d[0] };
}

export function event(kind: 'trigger-fired' | 'spell-cast' | 'creature-died'): (d: Any) => DraftPredicate & { first: Token } {
  return (d) => ({ kind, ...(d[2] ? { name: d[2] as DraftName } : {}), first: d[0] });
}

export function tapped(isTapped: boolean): (d: Any) => DraftPredicate & { first: Token } {
  return (d) => ({ kind: 'tapped', tapped: isTapped, name: d[1], first: d[0] });
}

export function stat(kind: 'power' | 'toughness' | 'damage'): (d: Any) => DraftPredicate & { first: Token } {
  return (d) => ({ kind, cmp: word(d[1]) as Comparison, value: d[2], name: d[3], first: d[0] });
}

export function counters(d: Any): DraftPredicate & { first: Token } {
  return { kind: 'counters', counter: d[1], cmp: word(d[2]) as Comparison, value: d[3], name: d[4], first: d[0] };
}

export function attached(d: Any): DraftPredicate & { first: Token } {
  return { kind: 'attached', attachment: d[1], name: d[3], first: d[0] };
}

export function name(d: Any): DraftName {
  const words: Token[] = d[0];
  return { text: words.map((t) => t.text).join(' '), first: words[0]! };
}
