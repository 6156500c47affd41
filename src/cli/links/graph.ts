/**
 * `links`: who reads and writes which names, which hands can deal which cards, and which cards
 * can never be dealt, worked out from a published bundle's checked trees without running anything.
 *
 * Relationships through `@hand` are deliberately left out of the read/write graph: which hand asks
 * is known only when a deal happens (reference, "The @hand scope": "the Links window and
 * storyletengine links still leave @hand relationships out rather than guess"). Each card still
 * lists the `@hand` names it uses, apart from the graph, so nothing is hidden.
 */
import type { Bundle, CardDecl, CheckedExpr, HandDecl } from '../../content/bundle.js';
import type { Effect, Expr, Type } from '../../lang/ast.js';
import { constantValue } from '../../lang/fold.js';

/** Said wherever the graph is printed. */
export const HAND_NOTE =
  'Relationships through @hand are left out of the read/write graph: which hand asks is known only when a deal happens, so they are listed per card but not linked (reference, "The @hand scope").';

/** Something that reads or writes names. */
export interface Actor {
  kind: 'card' | 'deck' | 'hand';
  /** A card or hand id; a deck as `box/deck`. */
  id: string;
}

/** The `@world` and `@hand` names one text (or a card's texts together) uses. */
export interface Uses {
  reads: string[];
  writes: string[];
  /** `@hand` names: listed, never linked. */
  hand: { reads: string[]; writes: string[] };
}

export interface WorldLink {
  name: string;
  /** `number`, `boolean`, `string`, or `quality haunting` for a stage of that ladder. */
  type: string;
  readBy: Actor[];
  writtenBy: Actor[];
}

export interface CardLink extends Uses {
  id: string;
  box: string;
  deck: string;
  /** Hands whose tags can deal it (same box, every group it names bound to one of its tags or open). */
  dealtBy: string[];
}

export interface DeckLink extends Uses {
  id: string;
  box: string;
}

export interface HandLink extends Uses {
  id: string;
  box: string;
  template?: string;
  tags: Record<string, string>;
  choose: string[];
  /** Cards its tags can deal. */
  deals: string[];
}

/** Where an `@hand` name can come from, for the reader of a card's `@hand` list. */
export interface HandNameOrigin {
  name: string;
  /** `tag group zone`, `tag zone.village`, `hand elder_chat`, `group name zone`. */
  from: string[];
}

export interface NeverDealt {
  id: string;
  why: string;
}

/** Everything `links` prints, in the bundle's order. */
export interface LinkGraph {
  note: string;
  world: WorldLink[];
  cards: CardLink[];
  decks: DeckLink[];
  hands: HandLink[];
  handNames: HandNameOrigin[];
  neverDealt: NeverDealt[];
}

/**
 * Works out the links of a bundle.
 *
 * @example
 * ```ts
 * const graph = linkGraph(bundle);
 * for (const w of graph.world) console.log(w.name, w.readBy.map((a) => a.id));
 * ```
 */
export function linkGraph(bundle: Bundle): LinkGraph {
  const cards: CardLink[] = bundle.cards.map((c) => {
    const u = collector();
    if (c.condition) u.expr(c.condition.ast);
    if (typeof c.priority !== 'number') u.expr(c.priority.ast);
    for (const e of c.effects) for (const s of e.statements) u.effect(s);
    return { id: c.id, box: c.box, deck: c.deck, dealtBy: bundle.hands.filter((h) => canDeal(h, c)).map((h) => h.id), ...u.done() };
  });
  const decks: DeckLink[] = bundle.boxes.flatMap((b) =>
    b.decks.map((d) => {
      const u = collector();
      if (d.gate) u.expr(d.gate.ast);
      return { id: d.id, box: b.id, ...u.done() };
    }),
  );
  const hands: HandLink[] = bundle.hands.map((h) => {
    const u = collector();
    if (h.condition) u.expr(h.condition.ast);
    const link: HandLink = {
      id: h.id,
      box: h.box,
      tags: h.tags,
      choose: h.choose,
      deals: bundle.cards.filter((c) => canDeal(h, c)).map((c) => c.id),
      ...u.done(),
    };
    if (h.template) link.template = h.template;
    return link;
  });

  const actors: [Actor, Uses][] = [
    ...decks.map((d): [Actor, Uses] => [{ kind: 'deck', id: `${d.box}/${d.id}` }, d]),
    ...hands.map((h): [Actor, Uses] => [{ kind: 'hand', id: h.id }, h]),
    ...cards.map((c): [Actor, Uses] => [{ kind: 'card', id: c.id }, c]),
  ];
  const world: WorldLink[] = bundle.world.map((w) => ({
    name: w.name,
    type: typeLabel(w.type),
    readBy: actors.filter(([, u]) => u.reads.includes(w.name)).map(([a]) => a),
    writtenBy: actors.filter(([, u]) => u.writes.includes(w.name)).map(([a]) => a),
  }));

  const used = new Set(actors.flatMap(([, u]) => [...u.hand.reads, ...u.hand.writes]));
  const handNames = [...used].sort().map((name) => ({ name, from: handNameOrigins(bundle, name) }));

  const neverDealt: NeverDealt[] = [];
  for (const c of bundle.cards) {
    const why = whyNeverDealt(bundle, c, cards.find((x) => x.id === c.id)!.dealtBy);
    if (why) neverDealt.push({ id: c.id, why });
  }
  return { note: HAND_NOTE, world, cards, decks, hands, handNames, neverDealt };
}

/**
 * Can this hand ever deal this card? Only by tags: the same box, and every group the card names
 * is bound by the hand to one of the card's tags, or left open to be asked for (the same rule
 * publish uses for its undealable-card lint).
 *
 * @example
 * ```ts
 * const dealers = bundle.hands.filter((h) => canDeal(h, card));
 * ```
 */
export function canDeal(hand: HandDecl, card: CardDecl): boolean {
  if (hand.box !== card.box) return false;
  return Object.entries(card.tags).every(([group, tags]) => {
    const bound = hand.tags[group];
    if (bound !== undefined) return tags.includes(bound);
    return hand.choose.includes(group) && tags.length > 0;
  });
}

function whyNeverDealt(bundle: Bundle, card: CardDecl, dealers: string[]): string | undefined {
  if (dealers.length === 0) {
    const wants = Object.entries(card.tags)
      .map(([g, t]) => `${g}: ${t.join(' or ')}`)
      .join(', ');
    return `no hand in box ${card.box} can deal it${wants ? ` (it wants ${wants})` : ''}`;
  }
  if (card.condition && constantValue(card.condition.ast) === false) return `its condition is always false: ${card.condition.source}`;
  const deck = bundle.boxes.find((b) => b.id === card.box)?.decks.find((d) => d.id === card.deck);
  if (deck?.gate && constantValue(deck.gate.ast) === false) return `the gate of deck ${deck.id} is always false: ${deck.gate.source}`;
  const live = bundle.hands.filter((h) => dealers.includes(h.id) && !alwaysFalse(h.condition));
  if (live.length === 0) return `every hand that could deal it has a condition that is always false (${dealers.join(', ')})`;
  return undefined;
}

function alwaysFalse(e: CheckedExpr | undefined): boolean {
  return e !== undefined && constantValue(e.ast) === false;
}

function handNameOrigins(bundle: Bundle, name: string): string[] {
  const from: string[] = [];
  for (const g of bundle.tagGroups) {
    if (g.id === name) from.push(`the tag of group ${g.id} (read-only)`);
    const having = g.tags.filter((t) => t.properties.some((p) => p.name === name));
    if (having.length === 0) continue;
    const type = typeLabel(having[0]!.properties.find((p) => p.name === name)!.type);
    if (having.length === g.tags.length) from.push(`a property of every ${g.id} tag (${type})`);
    else from.push(...having.map((t) => `a property of tag ${g.id}.${t.id} (${type})`));
  }
  for (const h of bundle.hands) {
    const p = h.properties.find((x) => x.name === name);
    if (p) from.push(`a property of hand ${h.id} (${typeLabel(p.type)})`);
  }
  return from;
}

/**
 * How a type is shown: a stage says which quality ladder it climbs.
 *
 * @example
 * ```ts
 * typeLabel({ kind: 'stage', ladder: 'haunting' }); // 'quality haunting'
 * ```
 */
export function typeLabel(t: Type): string {
  switch (t.kind) {
    case 'stage':
      return `quality ${t.ladder}`;
    case 'tag':
      return `tag of ${t.group}`;
    default:
      return t.kind;
  }
}

/** Gathers names in first-use order, each once. */
function collector() {
  const reads: string[] = [];
  const writes: string[] = [];
  const hand = { reads: [] as string[], writes: [] as string[] };
  const add = (list: string[], name: string) => {
    if (!list.includes(name)) list.push(name);
  };
  const name = (scope: string, n: string, write: boolean) => {
    if (scope === 'world') add(write ? writes : reads, n);
    else if (scope === 'hand') add(write ? hand.writes : hand.reads, n);
  };
  const expr = (e: Expr): void => {
    switch (e.kind) {
      case 'name':
        name(e.scope, e.name, false);
        return;
      case 'unary':
        expr(e.operand);
        return;
      case 'binary':
        expr(e.left);
        expr(e.right);
        return;
      case 'call':
        e.args.forEach(expr);
        return;
      default:
        return;
    }
  };
  const effect = (s: Effect): void => {
    if (s.kind === 'assign') {
      expr(s.value);
      name(s.target.scope, s.target.name, true);
      return;
    }
    // advance/retreat moves from the current stage: it reads the name as well as writing it.
    name(s.target.scope, s.target.name, false);
    if (s.amount) expr(s.amount);
    name(s.target.scope, s.target.name, true);
  };
  return { expr, effect, done: (): Uses => ({ reads, writes, hand }) };
}
