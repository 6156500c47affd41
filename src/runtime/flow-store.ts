/**
 * Saved flows: where `engine.saveFlow` puts a flow's snapshot and `engine.loadFlow` finds it, so
 * a game can resume a playthrough after a restart (docs/scaling.md).
 *
 * A store keeps snapshot text and nothing else: the engine writes it and validates everything it
 * reads back (format, version, bundle, every id), so every store refuses the same things with
 * the same `snapshot/*` codes. The in-memory store is the default and runs in a browser; the
 * SQLite one is an extra entry (`storyletengine/sqlite`).
 */
import { describeValue, StoryletError } from '../core/errors.js';
import { fitting } from './claims.js';
import type { ClaimStore, FlowClaim } from './claims.js';
import type { Program } from './load.js';
import { readFlowSnapshot } from './snapshot.js';
import type { ReadFlow } from './snapshot.js';
import type { FlowState } from './state.js';

/**
 * Where saved flows are kept, by flow id. Methods reject with a `StoryletError`
 * (`flows/unavailable`) when the store cannot answer.
 *
 * @example
 * ```ts
 * const engine = createEngine(bundle, { seed: 'demo', flows: new MemoryFlowStore() });
 * await engine.saveFlow('alice');
 * ```
 */
export interface FlowStore {
  /** Keeps `snapshot` (a flow snapshot's JSON text) for `flow`, replacing what was there. */
  save(flow: string, snapshot: string): Promise<void>;
  /** The text saved for `flow`, or `undefined` if nothing is. */
  load(flow: string): Promise<string | undefined>;
  /** Ids of every saved flow, sorted. */
  list(): Promise<string[]>;
  /** Forgets `flow`; says whether anything was saved. */
  remove(flow: string): Promise<boolean>;
}

/**
 * The default {@link FlowStore}: saved text in a map, for one process (tests, a browser game
 * that writes `list()`/`load()` to its own storage).
 *
 * @example
 * ```ts
 * const flows = new MemoryFlowStore();
 * await flows.save('alice', JSON.stringify(flow.snapshot()));
 * await flows.list(); // ['alice']
 * ```
 */
export class MemoryFlowStore implements FlowStore {
  private readonly saved = new Map<string, string>();

  async save(flow: string, snapshot: string): Promise<void> {
    this.saved.set(flow, snapshot);
  }

  async load(flow: string): Promise<string | undefined> {
    return this.saved.get(flow);
  }

  async list(): Promise<string[]> {
    return [...this.saved.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }

  async remove(flow: string): Promise<boolean> {
    return this.saved.delete(flow);
  }
}

/** A shared card a saved flow held that the world no longer had room for when it was loaded. */
export interface DroppedClaim {
  card: string;
  /** The hand instance key (`talk{npc=elder}`). */
  hand: string;
}

/**
 * Reads saved text back into a flow, validating everything; throws `flow/not-saved` or
 * `snapshot/*` and changes nothing.
 *
 * @example
 * ```ts
 * const read = readSaved(program, 'alice', await flows.load('alice'));
 * ```
 */
export function readSaved(program: Program, id: string, text: string | undefined): ReadFlow {
  if (text === undefined)
    throw new StoryletError(
      'flow/not-saved',
      `no saved flow ${describeValue(id)} in the flow store; save it first with engine.saveFlow(${describeValue(id)})`,
      { id },
    );
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new StoryletError(
      'snapshot/malformed',
      `the saved flow ${describeValue(id)} is not JSON (${(err as Error).message}); the store holds something this engine did not write`,
      {
        where: '(top)',
        problem: 'not JSON',
      },
    );
  }
  const read = readFlowSnapshot(program, raw);
  if (read.state.id !== id) {
    throw new StoryletError('snapshot/malformed', `the snapshot saved as flow ${describeValue(id)} is of flow ${describeValue(read.state.id)}`, {
      where: 'flow',
      problem: 'another flow',
    });
  }
  return read;
}

/**
 * Takes out of a flow read from a snapshot the shared cards the world had no room for.
 *
 * @example
 * ```ts
 * const dropped = dropUnkept(program, read, kept); // kept: per read.shared entry
 * ```
 */
export function dropUnkept(program: Program, read: ReadFlow, kept: readonly boolean[]): DroppedClaim[] {
  const dropped: DroppedClaim[] = [];
  read.shared.forEach((c, i) => {
    if (kept[i]) return;
    dropHolding(program, read.state, c.card, c.hand);
    dropped.push({ card: c.card, hand: c.hand });
  });
  return dropped;
}

/**
 * For a synchronous store: which of a loaded flow's shared claims fit, then claim exactly those.
 *
 * @example
 * ```ts
 * const kept = reclaimSync(store, 'alice', read.shared);
 * ```
 */
export function reclaimSync(store: ClaimStore, flow: string, claims: readonly FlowClaim[]): boolean[] {
  const kept = fitting(store, flow, claims);
  store.replaceFlow(
    flow,
    claims.filter((_, i) => kept[i]),
  );
  return kept;
}

/**
 * Removes one held card from a hand instance of `state` (it no longer holds that claim).
 *
 * @example
 * ```ts
 * dropHolding(program, state, 'goblin', 'cave');
 * ```
 */
export function dropHolding(program: Program, state: FlowState, cardId: string, handKey: string): void {
  const card = program.cardsById.get(cardId);
  const held = state.hands.get(handKey);
  if (!card || !held) return;
  const at = held.held.indexOf(card);
  if (at < 0) return;
  held.held.splice(at, 1);
  const hs = state.holders.get(card.index);
  if (!hs) return;
  const i = hs.indexOf(handKey);
  if (i >= 0) hs.splice(i, 1);
  if (hs.length === 0) state.holders.delete(card.index);
}

/**
 * Calls a flow store, turning anything it throws that is not a `StoryletError` into
 * `flows/unavailable`.
 *
 * @example
 * ```ts
 * const text = await flowStoreCall(() => flows.load('alice'));
 * ```
 */
export async function flowStoreCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof StoryletError) throw err;
    throw new StoryletError('flows/unavailable', `the flow store failed: ${err instanceof Error ? err.message : String(err)}; nothing was changed`, {
      cause: err instanceof Error ? err.message : String(err),
    });
  }
}
