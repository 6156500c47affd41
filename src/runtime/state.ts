/**
 * The state of a flow (one playthrough) and what the engine shares between its flows.
 *
 * Everything a flow remembers is here and nowhere else, as plain data keyed by the loader's
 * indices: the world, each tag's property values, the hands' holdings and properties, the box
 * clocks and the cooldowns. A snapshot is this, written out with ids (see snapshot.ts).
 */
import type { Value } from '../content/bundle.js';
import type { ClaimStore } from './claims.js';
import type { CardRt, HandRt, Program } from './load.js';
import type { HandInstance } from './scope.js';
import type { TraceHub } from './trace.js';

/** A hand instance that holds something or whose properties were written. */
export interface HeldHand {
  key: string;
  hand: HandRt;
  ask: Readonly<Record<string, string>>;
  /** Absent: every property still at its starting value. */
  props: Value[] | undefined;
  /** In the order they were dealt. */
  held: CardRt[];
}

export interface FlowState {
  id: string;
  /** By position in `bundle.world`. */
  world: Value[];
  /** Tag index → property values; absent tags are at their starting values. */
  tags: Map<number, Value[]>;
  /** Instance key → its holdings and properties. */
  hands: Map<string, HeldHand>;
  /** Card index → keys of the hand instances of this flow holding a copy. */
  holders: Map<number, string[]>;
  /** By box index: the box's turn. */
  clocks: number[];
  /** Card index → the turn it is back at, or FOREVER. */
  cooldowns: Map<number, number>;
}

/** The engine's insides, shared by its flows. */
export interface Runtime {
  program: Program;
  seed: string;
  store: ClaimStore;
  hub: TraceHub;
  flows: Map<string, FlowState>;
  instances: Map<string, HandInstance>;
  /** Reused by every deal (deals are synchronous and never nest). */
  scratch: { pos: Int32Array; priority: Float64Array; tie: Float64Array; specificity: Float64Array };
}

/**
 * A flow as it starts: the world at its initial values, every clock at 0, nothing held.
 *
 * @example
 * ```ts
 * rt.flows.set('alice', newFlowState(program, 'alice'));
 * ```
 */
export function newFlowState(program: Program, id: string): FlowState {
  return {
    id,
    world: program.worldInitial.slice(),
    tags: new Map(),
    hands: new Map(),
    holders: new Map(),
    clocks: program.boxes.map(() => 0),
    cooldowns: new Map(),
  };
}
