/**
 * A bundle → the runtime's tables: every id resolved to an index, every expression compiled,
 * every card's view frozen. Done once in `createEngine`; deals then touch only arrays and closures.
 *
 * **Architecture invariant:** the runtime trusts nothing about a bundle it did not check here, and
 * never imports the parser or the checker (it reads the checked trees the bundle carries).
 */
import { describeValue, StoryletError } from '../core/errors.js';
import { BUNDLE_FORMAT, BUNDLE_VERSION } from '../content/bundle.js';
import type { Bundle, CardDecl, CheckedExpr, PropertyDecl, Redraw, Value } from '../content/bundle.js';
import type { Type } from '../lang/ast.js';
import { CompileError, compileEffect, describeType, expressionCompiler, valueFits } from './compile.js';
import type { CompileEnv, Compiled, CompiledEffect } from './compile.js';
import { hashId } from './ranking.js';

/**
 * What a deal hands back for each card: the author's display fields, frozen. The same object
 * is returned every time the card comes up, so comparing cards by identity works.
 */
export interface CardView {
  readonly id: string;
  readonly box: string;
  readonly deck: string;
  readonly title?: string;
  readonly text?: string;
  readonly data?: Readonly<Record<string, unknown>>;
}

export interface TagRt {
  /** Position across every group's tags, in bundle order. */
  index: number;
  id: string;
  group: GroupRt;
  properties: PropertyDecl[];
  /** The `@hand` slot of each property, aligned with `properties`. */
  slots: number[];
}

export interface GroupRt {
  index: number;
  id: string;
  tags: Map<string, TagRt>;
  /** The `@hand` slot of the group's own name (`@hand.zone` reads the bound tag). */
  slot: number;
}

export interface CardRt {
  index: number;
  id: string;
  box: BoxRt;
  deck: DeckRt;
  /** Position inside its box's card list: what a trace is indexed by. */
  pos: number;
  tagReqs: { group: GroupRt; tags: readonly string[] }[];
  condition: Compiled | null;
  conditionSource: string;
  priority: number | Compiled;
  prioritySource: string;
  specificity: number;
  copies: number;
  shared: boolean;
  sharedCopies: number;
  redraw: Redraw;
  /** Shared and `redraw: never`: the first play takes it out of the world for everyone. */
  oneShotShared: boolean;
  effects: { source: string; run: CompiledEffect }[];
  /** A stable 32-bit hash of the id, for tie-break keys. */
  hash: number;
  view: CardView;
}

export interface DeckRt {
  index: number;
  id: string;
  gate: Compiled | null;
  gateSource: string;
  cards: CardRt[];
}

export interface BoxRt {
  index: number;
  id: string;
  specificity: boolean;
  decks: DeckRt[];
  /** Every card, deck by deck, in content order. */
  cards: CardRt[];
}

export interface HandRt {
  index: number;
  id: string;
  box: BoxRt;
  /** Group → tag the hand pins. */
  pinned: Map<GroupRt, string>;
  choose: GroupRt[];
  properties: PropertyDecl[];
  /** The `@hand` slot of each property, aligned with `properties`. */
  slots: number[];
  condition: Compiled | null;
  conditionSource: string;
  capacity: number;
}

/** Everything the engine needs from a bundle, indexed. */
export interface Program {
  bundle: Bundle;
  env: CompileEnv;
  worldNames: string[];
  worldTypes: Type[];
  worldInitial: Value[];
  worldIndex: Map<string, number>;
  groups: GroupRt[];
  groupsById: Map<string, GroupRt>;
  tags: TagRt[];
  /** `@hand` names by slot, and each slot's type. */
  handNames: string[];
  handTypes: Type[];
  cards: CardRt[];
  cardsById: Map<string, CardRt>;
  boxes: BoxRt[];
  boxesById: Map<string, BoxRt>;
  hands: HandRt[];
  handsById: Map<string, HandRt>;
  largestBox: number;
}

/**
 * Checks a bundle's format and shape and builds its tables.
 *
 * @example
 * ```ts
 * const program = load(bundle); // throws StoryletError('bundle/version') for a newer bundle
 * program.cardsById.get('goblin_rumour');
 * ```
 */
export function load(bundle: Bundle): Program {
  if (!isObject(bundle) || bundle.format !== BUNDLE_FORMAT) {
    throw new StoryletError(
      'bundle/malformed',
      `not a storyletengine bundle: expected format ${describeValue(BUNDLE_FORMAT)}; publish your content and pass the bundle it returns`,
      {
        format: isObject(bundle) ? bundle.format : undefined,
      },
    );
  }
  if (typeof bundle.version !== 'number' || !Number.isInteger(bundle.version) || bundle.version < 1) {
    throw malformed('version', 'must be a positive whole number');
  }
  if (bundle.version > BUNDLE_VERSION) {
    throw new StoryletError(
      'bundle/version',
      `this bundle has format version ${bundle.version}, newer than this runtime reads (${BUNDLE_VERSION}): upgrade storyletengine or publish with the matching version`,
      {
        version: bundle.version,
        supported: BUNDLE_VERSION,
      },
    );
  }
  try {
    return build(bundle);
  } catch (err) {
    if (err instanceof CompileError) throw malformed('expression', err.message);
    throw err;
  }
}

function build(bundle: Bundle): Program {
  for (const key of ['qualities', 'world', 'tagGroups', 'boxes', 'hands', 'cards'] as const) {
    if (!Array.isArray(bundle[key])) throw malformed(key, 'must be a list');
  }
  if (typeof bundle.hash !== 'string') throw malformed('hash', 'must be a string');
  if (!isObject(bundle.settings) || !isCount(bundle.settings.playAdvances, 0)) throw malformed('settings.playAdvances', 'must be a whole number >= 0');

  const ladders = new Map<string, Map<string, number>>();
  const stages = new Map<string, string[]>();
  for (const q of bundle.qualities) {
    if (!isObject(q) || typeof q.id !== 'string' || !Array.isArray(q.stages) || q.stages.length === 0)
      throw malformed(`qualities`, 'each needs an id and stages');
    unique(ladders, q.id, 'quality');
    ladders.set(q.id, new Map(q.stages.map((s, i) => [s, i])));
    stages.set(q.id, [...q.stages]);
  }

  const groups: GroupRt[] = [];
  const groupsById = new Map<string, GroupRt>();
  const tags: TagRt[] = [];
  const groupTags = new Map<string, Set<string>>();
  for (const g of bundle.tagGroups) {
    if (!isObject(g) || typeof g.id !== 'string' || !Array.isArray(g.tags)) throw malformed('tagGroups', 'each needs an id and tags');
    unique(groupsById, g.id, 'tag group');
    const group: GroupRt = { index: groups.length, id: g.id, tags: new Map(), slot: -1 };
    groups.push(group);
    groupsById.set(g.id, group);
    for (const t of g.tags) {
      if (!isObject(t) || typeof t.id !== 'string' || !Array.isArray(t.properties)) throw malformed(`tagGroups.${g.id}`, 'each tag needs an id and properties');
      unique(group.tags, t.id, `tag of ${g.id}`);
      const tag: TagRt = { index: tags.length, id: t.id, group, properties: t.properties, slots: [] };
      tags.push(tag);
      group.tags.set(t.id, tag);
    }
    groupTags.set(g.id, new Set(group.tags.keys()));
  }

  const typesOnly = { ladders, groups: groupTags } as unknown as CompileEnv;

  const world = new Map<string, { index: number; type: Type }>();
  const worldNames: string[] = [];
  const worldTypes: Type[] = [];
  const worldInitial: Value[] = [];
  for (const p of bundle.world) {
    checkProperty(p, 'world', typesOnly);
    unique(world, p.name, 'world name');
    world.set(p.name, { index: worldNames.length, type: p.type });
    worldNames.push(p.name);
    worldTypes.push(p.type);
    worldInitial.push(p.initial);
  }

  // Every @hand name any hand can have gets one slot: group names, tag properties, hand properties.
  const hand = new Map<string, { slot: number; type: Type }>();
  const handNames: string[] = [];
  const handTypes: Type[] = [];
  const slotFor = (name: string, type: Type, where: string): number => {
    const known = hand.get(name);
    if (known) {
      if (!sameType(known.type, type)) throw malformed(where, `@hand.${name} is ${describeType(type)} here but ${describeType(known.type)} elsewhere`);
      return known.slot;
    }
    const slot = handNames.length;
    hand.set(name, { slot, type });
    handNames.push(name);
    handTypes.push(type);
    return slot;
  };
  for (const group of groups) group.slot = slotFor(group.id, { kind: 'tag', group: group.id }, `tagGroups.${group.id}`);
  for (const tag of tags) {
    for (const p of tag.properties) {
      checkProperty(p, `tagGroups.${tag.group.id}.${tag.id}`, typesOnly);
      tag.slots.push(slotFor(p.name, p.type, `tagGroups.${tag.group.id}.${tag.id}`));
    }
  }
  for (const h of bundle.hands) {
    if (!isObject(h) || !Array.isArray(h.properties)) throw malformed('hands', 'each needs properties');
    for (const p of h.properties) {
      checkProperty(p, `hands.${h.id}`, typesOnly);
      slotFor(p.name, p.type, `hands.${h.id}`);
    }
  }

  const env: CompileEnv = { world, hand, ladders, stages, groups: groupTags };
  const compileOnce = expressionCompiler(env);
  const compile = (e: CheckedExpr | undefined, where: string): Compiled | null => {
    if (e === undefined) return null;
    if (!isObject(e) || !isObject(e.ast) || typeof e.source !== 'string') throw malformed(where, 'an expression needs its source and checked tree');
    try {
      return compileOnce(e.ast, e.source);
    } catch (err) {
      if (err instanceof CompileError) throw malformed(where, `${err.message} (in ${describeValue(e.source)})`);
      throw err;
    }
  };

  const boxes: BoxRt[] = [];
  const boxesById = new Map<string, BoxRt>();
  const decksByBox = new Map<BoxRt, Map<string, DeckRt>>();
  const deckOfCard = new Map<string, { box: BoxRt; deck: DeckRt }>();
  for (const b of bundle.boxes) {
    if (!isObject(b) || typeof b.id !== 'string' || !Array.isArray(b.decks)) throw malformed('boxes', 'each needs an id and decks');
    unique(boxesById, b.id, 'box');
    const box: BoxRt = { index: boxes.length, id: b.id, specificity: b.specificity !== false, decks: [], cards: [] };
    boxes.push(box);
    boxesById.set(b.id, box);
    const decks = new Map<string, DeckRt>();
    decksByBox.set(box, decks);
    for (const d of b.decks) {
      if (!isObject(d) || typeof d.id !== 'string' || !Array.isArray(d.cards)) throw malformed(`boxes.${b.id}`, 'each deck needs an id and cards');
      unique(decks, d.id, `deck of ${b.id}`);
      const deck: DeckRt = {
        index: box.decks.length,
        id: d.id,
        gate: compile(d.gate, `boxes.${b.id}.decks.${d.id}.gate`),
        gateSource: d.gate?.source ?? '',
        cards: [],
      };
      box.decks.push(deck);
      decks.set(d.id, deck);
      for (const c of d.cards) {
        if (deckOfCard.has(c)) throw malformed(`boxes.${b.id}.decks.${d.id}`, `card ${c} is listed twice`);
        deckOfCard.set(c, { box, deck });
      }
    }
  }

  const cards: CardRt[] = [];
  const cardsById = new Map<string, CardRt>();
  for (const c of bundle.cards) {
    if (!isObject(c) || typeof c.id !== 'string') throw malformed('cards', 'each needs an id');
    unique(cardsById, c.id, 'card');
    const home = deckOfCard.get(c.id);
    if (!home || home.box.id !== c.box || home.deck.id !== c.deck) throw malformed(`cards.${c.id}`, `its box/deck (${c.box}/${c.deck}) does not list it`);
    const card = buildCard(c, cards.length, home.box, home.deck, groupsById, compile);
    cards.push(card);
    cardsById.set(c.id, card);
  }
  for (const [id, home] of deckOfCard) {
    const card = cardsById.get(id);
    if (!card) throw malformed(`boxes.${home.box.id}.decks.${home.deck.id}`, `lists card ${id}, which the bundle does not declare`);
  }
  // Deck order, then card order within the deck: the order a trace lists a box's cards in.
  for (const box of boxes) {
    for (const deck of box.decks) {
      const ids = bundle.boxes[box.index]!.decks[deck.index]!.cards;
      for (const id of ids) {
        const card = cardsById.get(id)!;
        card.pos = box.cards.length;
        deck.cards.push(card);
        box.cards.push(card);
      }
    }
  }
  // Effects are compiled last: they may name anything above.
  for (const card of cards) {
    const decl = bundle.cards[card.index]!;
    if (!Array.isArray(decl.effects)) throw malformed(`cards.${card.id}.effects`, 'must be a list');
    for (const e of decl.effects) {
      if (!isObject(e) || !Array.isArray(e.statements)) throw malformed(`cards.${card.id}.effects`, 'each needs its statements');
      for (const s of e.statements) {
        if (!isObject(s) || (s.kind !== 'assign' && s.kind !== 'advance' && s.kind !== 'retreat'))
          throw malformed(`cards.${card.id}.effects`, `${describeValue(e.source)} is not an assignment or advance/retreat`);
        try {
          card.effects.push({ source: e.source, run: compileEffect(s, env) });
        } catch (err) {
          if (err instanceof CompileError) throw malformed(`cards.${card.id}.effects`, `${err.message} (in ${describeValue(e.source)})`);
          throw err;
        }
      }
    }
  }

  const hands: HandRt[] = [];
  const handsById = new Map<string, HandRt>();
  for (const h of bundle.hands) {
    if (typeof h.id !== 'string') throw malformed('hands', 'each needs an id');
    unique(handsById, h.id, 'hand');
    const box = boxesById.get(h.box);
    if (!box) throw malformed(`hands.${h.id}`, `unknown box ${h.box}`);
    if (!isCount(h.slots, 1)) throw malformed(`hands.${h.id}.slots`, 'must be a whole number >= 1');
    const pinned = new Map<GroupRt, string>();
    for (const [g, t] of Object.entries(h.tags ?? {})) {
      const group = groupsById.get(g);
      if (!group || !group.tags.has(t)) throw malformed(`hands.${h.id}.tags`, `unknown tag ${g}=${t}`);
      pinned.set(group, t);
    }
    const choose = (h.choose ?? []).map((g) => {
      const group = groupsById.get(g);
      if (!group) throw malformed(`hands.${h.id}.choose`, `unknown tag group ${g}`);
      return group;
    });
    const rt: HandRt = {
      index: hands.length,
      id: h.id,
      box,
      pinned,
      choose,
      properties: h.properties,
      slots: h.properties.map((p) => hand.get(p.name)!.slot),
      condition: compile(h.condition, `hands.${h.id}.condition`),
      conditionSource: h.condition?.source ?? '',
      capacity: h.slots,
    };
    hands.push(rt);
    handsById.set(h.id, rt);
  }

  return {
    bundle,
    env,
    worldNames,
    worldTypes,
    worldInitial,
    worldIndex: new Map(worldNames.map((n, i) => [n, i])),
    groups,
    groupsById,
    tags,
    handNames,
    handTypes,
    cards,
    cardsById,
    boxes,
    boxesById,
    hands,
    handsById,
    largestBox: boxes.reduce((m, b) => Math.max(m, b.cards.length), 0),
  };
}

function buildCard(
  c: CardDecl,
  index: number,
  box: BoxRt,
  deck: DeckRt,
  groupsById: Map<string, GroupRt>,
  compile: (e: CheckedExpr | undefined, where: string) => Compiled | null,
): CardRt {
  const where = `cards.${c.id}`;
  const tagReqs = Object.entries(c.tags ?? {}).map(([g, ts]) => {
    const group = groupsById.get(g);
    if (!group || !Array.isArray(ts)) throw malformed(`${where}.tags`, `unknown tag group ${g}`);
    for (const t of ts) if (!group.tags.has(t)) throw malformed(`${where}.tags`, `unknown tag ${g}=${t}`);
    return { group, tags: [...ts] };
  });
  if (!isCount(c.copies, 1)) throw malformed(`${where}.copies`, 'must be a whole number >= 1');
  if (c.shared && !isCount(c.sharedCopies, 1)) throw malformed(`${where}.sharedCopies`, 'must be a whole number >= 1');
  if (!(c.redraw === 'always' || c.redraw === 'never' || isCount(c.redraw, 0)))
    throw malformed(`${where}.redraw`, 'must be always, never or a whole number >= 0');
  if (typeof c.specificity !== 'number' || !Number.isFinite(c.specificity)) throw malformed(`${where}.specificity`, 'must be a number');
  let priority: number | Compiled;
  if (typeof c.priority === 'number') {
    if (!Number.isFinite(c.priority)) throw malformed(`${where}.priority`, 'must be a finite number');
    priority = c.priority;
  } else {
    priority = compile(c.priority, `${where}.priority`)!;
  }
  const view: CardView = Object.freeze({
    id: c.id,
    box: box.id,
    deck: deck.id,
    ...(c.title !== undefined ? { title: c.title } : {}),
    ...(c.text !== undefined ? { text: c.text } : {}),
    ...(c.data !== undefined ? { data: deepFreeze(structuredClone(c.data)) } : {}),
  });
  const shared = c.shared === true;
  return {
    index,
    id: c.id,
    box,
    deck,
    pos: -1,
    tagReqs,
    condition: compile(c.condition, `${where}.condition`),
    conditionSource: c.condition?.source ?? '',
    priority,
    prioritySource: typeof c.priority === 'number' ? String(c.priority) : c.priority.source,
    specificity: c.specificity,
    copies: c.copies,
    shared,
    sharedCopies: shared ? c.sharedCopies : c.copies,
    redraw: c.redraw,
    oneShotShared: shared && c.redraw === 'never',
    effects: [],
    hash: hashId(c.id),
    view,
  };
}

function checkProperty(p: PropertyDecl, where: string, env: CompileEnv): void {
  if (!isObject(p) || typeof p.name !== 'string' || !isObject(p.type)) throw malformed(where, 'each property needs a name and a type');
  if ((p.type.kind === 'stage' && !env.ladders.has(p.type.ladder)) || (p.type.kind === 'tag' && !env.groups.has(p.type.group))) {
    throw malformed(`${where}.${p.name}`, `its type names an unknown ${p.type.kind === 'stage' ? 'quality' : 'tag group'}`);
  }
  if (!valueFits(p.initial, p.type, env)) throw malformed(`${where}.${p.name}`, `initial value ${describeValue(p.initial)} is not ${describeType(p.type)}`);
}

function sameType(a: Type, b: Type): boolean {
  return a.kind === b.kind && (a.kind !== 'stage' || a.ladder === (b as typeof a).ladder) && (a.kind !== 'tag' || a.group === (b as typeof a).group);
}

function unique(seen: Map<string, unknown>, id: string, what: string): void {
  if (seen.has(id)) throw malformed(what, `duplicate id ${describeValue(id)}`);
}

function isCount(v: unknown, min: number): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= min;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function deepFreeze<T>(v: T): T {
  if (typeof v === 'object' && v !== null) {
    for (const x of Object.values(v)) deepFreeze(x);
    Object.freeze(v);
  }
  return v;
}

function malformed(where: string, problem: string): StoryletError {
  return new StoryletError('bundle/malformed', `bundle is malformed at ${where}: ${problem}; publish the content again with this version of storyletengine`, {
    where,
    problem,
  });
}
