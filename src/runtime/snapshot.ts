/**
 * Snapshots: a flow's whole state (or the engine's) as plain JSON, and back.
 *
 * A snapshot is written in one canonical order (the bundle's order, or sorted ids), so
 * `JSON.stringify(restored.snapshot()) === JSON.stringify(original)`. Reading one validates
 * everything before anything is replaced: a refused snapshot leaves the engine as it was.
 *
 * Ids are never object keys here (a card id like "10" would move to the front of a JSON object);
 * only world and property names are, and those are identifiers.
 */
import { describeValue, StoryletError } from '../core/errors.js';
import type { Value } from '../content/bundle.js';
import { valueFits } from './compile.js';
import { FOREVER } from './clocks.js';
import type { CardRt, Program } from './load.js';
import { resolveInstance } from './scope.js';
import type { HandInstance } from './scope.js';
import { newFlowState } from './state.js';
import type { FlowState } from './state.js';

/**
 * The `format` of a flow snapshot.
 *
 * @example
 * ```ts
 * if (saved.format === FLOW_SNAPSHOT_FORMAT) engine.restore(saved);
 * ```
 */
export const FLOW_SNAPSHOT_FORMAT = 'storyletengine/flow';
/**
 * The `format` of an engine snapshot.
 *
 * @example
 * ```ts
 * engine.snapshot().format === ENGINE_SNAPSHOT_FORMAT; // true
 * ```
 */
export const ENGINE_SNAPSHOT_FORMAT = 'storyletengine/engine';
/**
 * Bumped whenever a snapshot written by this version could not be read by an older runtime.
 *
 * @example
 * ```ts
 * flow.snapshot().version === SNAPSHOT_VERSION; // true
 * ```
 */
export const SNAPSHOT_VERSION = 1;

/** One flow's whole state: world, tag values, hands and what they hold, clocks and cooldowns. */
export interface FlowSnapshot {
  format: typeof FLOW_SNAPSHOT_FORMAT;
  version: number;
  /** The hash of the bundle it was taken with. */
  bundle: string;
  flow: string;
  world: Record<string, Value>;
  /** Tags whose values this flow has changed, in the bundle's order. */
  tags: { group: string; tag: string; values: Record<string, Value> }[];
  /** Hand instances that hold something or whose properties changed, sorted by instance key. */
  hands: { hand: string; ask: Record<string, string>; properties?: Record<string, Value>; holds: string[] }[];
  clocks: { box: string; turn: number }[];
  cooldowns: { card: string; until: number | 'never' }[];
}

/** Every flow plus what the flows share: the cards taken out of the world. */
export interface EngineSnapshot {
  format: typeof ENGINE_SNAPSHOT_FORMAT;
  version: number;
  bundle: string;
  /** Shared one-shots already played, sorted. */
  taken: string[];
  /** Sorted by flow id. */
  flows: FlowSnapshot[];
}

/**
 * Writes a flow's state out.
 *
 * @example
 * ```ts
 * const json = JSON.stringify(buildFlowSnapshot(program, state));
 * ```
 */
export function buildFlowSnapshot(program: Program, s: FlowState): FlowSnapshot {
  const world: Record<string, Value> = {};
  program.worldNames.forEach((n, i) => (world[n] = s.world[i]!));
  const tags = [...s.tags.keys()]
    .sort((a, b) => a - b)
    .map((t) => {
      const tag = program.tags[t]!;
      const values: Record<string, Value> = {};
      tag.properties.forEach((p, i) => (values[p.name] = s.tags.get(t)![i]!));
      return { group: tag.group.id, tag: tag.id, values };
    });
  const hands = [...s.hands.values()]
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((h) => {
      const out: FlowSnapshot['hands'][number] = { hand: h.hand.id, ask: { ...h.ask }, holds: h.held.map((c) => c.id) };
      if (h.props) {
        const props: Record<string, Value> = {};
        h.hand.properties.forEach((p, i) => (props[p.name] = h.props![i]!));
        out.properties = props;
      }
      return out;
    });
  const clocks = program.boxes.map((b) => ({ box: b.id, turn: s.clocks[b.index]! }));
  const cooldowns = [...s.cooldowns.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([c, until]) => ({ card: program.cards[c]!.id, until: until === FOREVER ? ('never' as const) : until }));
  return { format: FLOW_SNAPSHOT_FORMAT, version: SNAPSHOT_VERSION, bundle: program.bundle.hash, flow: s.id, world, tags, hands, clocks, cooldowns };
}

/** A flow read back from a snapshot, and the shared claims it carries. */
export interface ReadFlow {
  state: FlowState;
  shared: { card: string; hand: string; limit: number }[];
}

/**
 * Validates a flow snapshot completely and builds the state it describes; throws
 * `snapshot/malformed`, `snapshot/version` or `snapshot/bundle-mismatch`.
 *
 * @example
 * ```ts
 * const { state, shared } = readFlowSnapshot(program, JSON.parse(text));
 * ```
 */
export function readFlowSnapshot(program: Program, raw: unknown): ReadFlow {
  header(program, raw, FLOW_SNAPSHOT_FORMAT);
  onlyKeys(raw as Record<string, unknown>, FLOW_KEYS, '(top)');
  const snap = raw as FlowSnapshot;
  if (typeof snap.flow !== 'string' || snap.flow === '') throw bad('flow', 'must be a non-empty flow id');
  const state = newFlowState(program, snap.flow);

  const world = obj(snap.world, 'world');
  exactKeys(world, program.worldNames, 'world');
  program.worldNames.forEach((n, i) => {
    if (!valueFits(world[n], program.worldTypes[i]!, program.env)) throw bad(`world.${n}`, `${describeValue(world[n])} does not fit its type`);
    state.world[i] = world[n] as Value;
  });

  for (const [i, t] of list(snap.tags, 'tags').entries()) {
    const e = obj(t, `tags[${i}]`);
    onlyKeys(e, TAG_KEYS, `tags[${i}]`);
    const tag = typeof e.group === 'string' && typeof e.tag === 'string' ? program.groupsById.get(e.group)?.tags.get(e.tag) : undefined;
    if (!tag) throw bad(`tags[${i}]`, `unknown tag ${String(e.group)}=${String(e.tag)}`);
    if (state.tags.has(tag.index)) throw bad(`tags[${i}]`, `tag ${tag.group.id}=${tag.id} appears twice`);
    const values = obj(e.values, `tags[${i}].values`);
    exactKeys(
      values,
      tag.properties.map((p) => p.name),
      `tags[${i}].values`,
    );
    state.tags.set(
      tag.index,
      tag.properties.map((p) => {
        if (!valueFits(values[p.name], p.type, program.env)) throw bad(`tags[${i}].values.${p.name}`, `${describeValue(values[p.name])} does not fit its type`);
        return values[p.name] as Value;
      }),
    );
  }

  const shared: ReadFlow['shared'] = [];
  const scratch = new Map<string, HandInstance>();
  for (const [i, h] of list(snap.hands, 'hands').entries()) {
    const e = obj(h, `hands[${i}]`);
    onlyKeys(e, HAND_KEYS, `hands[${i}]`);
    let inst: HandInstance;
    try {
      inst = resolveInstance(program, scratch, e.hand, e.ask ?? {});
    } catch (err) {
      if (err instanceof StoryletError) throw bad(`hands[${i}]`, err.message);
      throw err;
    }
    if (state.hands.has(inst.key)) throw bad(`hands[${i}]`, `hand ${inst.key} appears twice`);
    let props: Value[] | undefined;
    if (e.properties !== undefined) {
      const values = obj(e.properties, `hands[${i}].properties`);
      exactKeys(
        values,
        inst.hand.properties.map((p) => p.name),
        `hands[${i}].properties`,
      );
      props = inst.hand.properties.map((p) => {
        if (!valueFits(values[p.name], p.type, program.env))
          throw bad(`hands[${i}].properties.${p.name}`, `${describeValue(values[p.name])} does not fit its type`);
        return values[p.name] as Value;
      });
    }
    const holds = list(e.holds, `hands[${i}].holds`);
    if (holds.length > inst.hand.capacity) throw bad(`hands[${i}].holds`, `hand ${inst.key} has ${inst.hand.capacity} slots but holds ${holds.length}`);
    const held: CardRt[] = [];
    for (const id of holds) {
      const card = typeof id === 'string' ? program.cardsById.get(id) : undefined;
      if (!card) throw bad(`hands[${i}].holds`, `unknown card ${describeValue(id)}`);
      if (card.box !== inst.hand.box) throw bad(`hands[${i}].holds`, `card ${card.id} is in box ${card.box.id}, not ${inst.hand.box.id}`);
      if (held.includes(card)) throw bad(`hands[${i}].holds`, `card ${card.id} is held twice by ${inst.key}`);
      const hs = state.holders.get(card.index) ?? [];
      if (hs.length >= card.copies)
        throw bad(`hands[${i}].holds`, `card ${card.id} is held by more than its ${card.copies} cop${card.copies === 1 ? 'y' : 'ies'}`);
      hs.push(inst.key);
      state.holders.set(card.index, hs);
      held.push(card);
      if (card.shared) shared.push({ card: card.id, hand: inst.key, limit: card.sharedCopies });
    }
    state.hands.set(inst.key, { key: inst.key, hand: inst.hand, ask: inst.ask, props, held });
  }

  const clocks = list(snap.clocks, 'clocks');
  if (clocks.length !== program.boxes.length) throw bad('clocks', `must list every box once (${program.boxes.map((b) => b.id).join(', ')})`);
  const seenBoxes = new Set<string>();
  for (const [i, c] of clocks.entries()) {
    const e = obj(c, `clocks[${i}]`);
    onlyKeys(e, CLOCK_KEYS, `clocks[${i}]`);
    const box = typeof e.box === 'string' ? program.boxesById.get(e.box) : undefined;
    if (!box || seenBoxes.has(box.id)) throw bad(`clocks[${i}]`, `unknown or repeated box ${describeValue(e.box)}`);
    seenBoxes.add(box.id);
    if (!isTurn(e.turn)) throw bad(`clocks[${i}].turn`, 'must be a whole number >= 0');
    state.clocks[box.index] = e.turn;
  }

  for (const [i, c] of list(snap.cooldowns, 'cooldowns').entries()) {
    const e = obj(c, `cooldowns[${i}]`);
    onlyKeys(e, COOLDOWN_KEYS, `cooldowns[${i}]`);
    const card = typeof e.card === 'string' ? program.cardsById.get(e.card) : undefined;
    if (!card || state.cooldowns.has(card.index)) throw bad(`cooldowns[${i}]`, `unknown or repeated card ${describeValue(e.card)}`);
    if (e.until !== 'never' && !isTurn(e.until)) throw bad(`cooldowns[${i}].until`, 'must be a whole number >= 0 or "never"');
    state.cooldowns.set(card.index, e.until === 'never' ? FOREVER : e.until);
  }
  return { state, shared };
}

/**
 * Validates an engine snapshot: its header, the taken list and every flow in it.
 *
 * @example
 * ```ts
 * const { taken, flows } = readEngineSnapshot(program, JSON.parse(text));
 * ```
 */
export function readEngineSnapshot(program: Program, raw: unknown): { taken: string[]; flows: ReadFlow[] } {
  header(program, raw, ENGINE_SNAPSHOT_FORMAT);
  onlyKeys(raw as Record<string, unknown>, ENGINE_KEYS, '(top)');
  const snap = raw as EngineSnapshot;
  const taken = list(snap.taken, 'taken').map((id, i) => {
    const card = typeof id === 'string' ? program.cardsById.get(id) : undefined;
    if (!card || !card.oneShotShared) throw bad(`taken[${i}]`, `${describeValue(id)} is not a shared one-shot card`);
    return card.id;
  });
  const flows = list(snap.flows, 'flows').map((f) => readFlowSnapshot(program, f));
  const ids = new Set<string>();
  for (const f of flows) {
    if (ids.has(f.state.id)) throw bad('flows', `flow ${f.state.id} appears twice`);
    ids.add(f.state.id);
  }
  return { taken, flows };
}

/**
 * The error of a restore whose shared holdings do not fit the world.
 *
 * @example
 * ```ts
 * if (!store.replaceFlow(id, shared)) throw sharedConflict(id);
 * ```
 */
export function sharedConflict(flow?: string): StoryletError {
  return new StoryletError(
    'snapshot/shared-conflict',
    `restoring ${flow ? `flow ${flow}` : 'this snapshot'} would put more copies of a shared card out than its sharedCopies allow (other flows hold them now)`,
    flow ? { flow } : {},
  );
}

function header(program: Program, raw: unknown, format: string): void {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw bad('(top)', 'a snapshot is an object; pass what snapshot() returned (or its JSON.parse)');
  const r = raw as Record<string, unknown>;
  if (r.format !== format) throw bad('format', `expected ${describeValue(format)}, got ${describeValue(r.format)}`);
  if (typeof r.version !== 'number' || !Number.isInteger(r.version) || r.version < 1) throw bad('version', 'must be a positive whole number');
  if (r.version > SNAPSHOT_VERSION) {
    throw new StoryletError(
      'snapshot/version',
      `this snapshot has version ${r.version}, newer than this runtime reads (${SNAPSHOT_VERSION}): upgrade storyletengine`,
      { version: r.version, supported: SNAPSHOT_VERSION },
    );
  }
  if (r.bundle !== program.bundle.hash) {
    throw new StoryletError(
      'snapshot/bundle-mismatch',
      `this snapshot was taken with bundle ${describeValue(r.bundle)}, but the engine runs bundle ${describeValue(program.bundle.hash)}: restore it into an engine made from the same bundle`,
      {
        snapshot: r.bundle,
        engine: program.bundle.hash,
      },
    );
  }
}

/*
 * The fields each object of a snapshot may have: exactly what buildFlowSnapshot writes. A field
 * this runtime does not know is refused rather than dropped: it is a snapshot from elsewhere, a
 * hand edit gone wrong, or a newer format that forgot to bump its version, and restoring it
 * without that field would silently lose whatever it meant. (`world`, `values` and `properties`
 * are checked name by name against the bundle; `ask` by resolveInstance.)
 */
const FLOW_KEYS = ['format', 'version', 'bundle', 'flow', 'world', 'tags', 'hands', 'clocks', 'cooldowns'];
const ENGINE_KEYS = ['format', 'version', 'bundle', 'taken', 'flows'];
const TAG_KEYS = ['group', 'tag', 'values'];
const HAND_KEYS = ['hand', 'ask', 'properties', 'holds'];
const CLOCK_KEYS = ['box', 'turn'];
const COOLDOWN_KEYS = ['card', 'until'];

function onlyKeys(o: Record<string, unknown>, allowed: readonly string[], where: string): void {
  const extra = Object.keys(o).filter((k) => !allowed.includes(k));
  if (extra.length > 0)
    throw bad(
      where,
      `unknown field${extra.length === 1 ? '' : 's'} ${extra.map((k) => describeValue(k)).join(', ')}; a snapshot has only ${allowed.join(', ')}`,
    );
}

function obj(v: unknown, where: string): Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw bad(where, 'must be an object');
  return v as Record<string, unknown>;
}

function list(v: unknown, where: string): unknown[] {
  if (!Array.isArray(v)) throw bad(where, 'must be a list');
  return v;
}

function exactKeys(o: Record<string, unknown>, names: string[], where: string): void {
  const keys = Object.keys(o);
  const extra = keys.filter((k) => !names.includes(k));
  const missing = names.filter((n) => !Object.prototype.hasOwnProperty.call(o, n));
  if (extra.length || missing.length) {
    throw bad(where, [extra.length ? `unknown ${extra.join(', ')}` : '', missing.length ? `missing ${missing.join(', ')}` : ''].filter(Boolean).join('; '));
  }
}

function isTurn(v: unknown): v is number {
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
}

function bad(where: string, problem: string): StoryletError {
  return new StoryletError('snapshot/malformed', `snapshot is malformed at ${where}: ${problem}`, { where, problem });
}
