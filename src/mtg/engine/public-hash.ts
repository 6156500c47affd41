/**
 * The public projection of a game and its hash (issue 15): what every copy of a replicated game
 * holds identically — the golden engine, which knows every face, and each seat's shadow, which
 * knows only what that seat may see — so that copies can check after every decision that they
 * still agree (the reference's "one public-state hash"; a mismatch is a desync).
 *
 * What is public (CR 400.2: libraries and hands are hidden zones, the others are public):
 * - the players (life, poison, counters, pools, lands played, per-turn tallies), the turn, the
 *   step, who has priority and whose decision it is, the game's result;
 * - every zone's object ids in order, including the libraries and hands: ids are public
 *   identities (a library's ids are its slots), so their order says nothing about faces;
 * - for an object whose face everyone may see (in a public zone, or a card in a hidden zone that
 *   both seats were shown), its face and all of its status; for any other object only its id,
 *   owner, zone and incarnation;
 * - the stack, pending triggers, continuous effects, delayed triggers, combat and this turn's
 *   facts, with every last-known information of a hidden face reduced the same way.
 *
 * With a seat, the projection adds that seat's private part: the faces of the objects it knows
 * and the others do not (its hand, cards it looked at, its face-down permanents) and, when the
 * decision is its own, the options it has. Nothing here is a table id, the random stream, a
 * cache, or text derived from faces (labels, prompts, a stack item's text).
 */
import { contentHash } from '../../core/hash.js';
import type { ChoiceKind, Seat } from './choice.js';
import type { G } from './context.js';
import type { Game } from './game.js';
import type { GameObject } from './types.js';

/** Zones whose faces everyone sees (CR 400.2). The void is where tokens cease to exist: public too. */
const PUBLIC_ZONES: ReadonlySet<string> = new Set(['battlefield', 'graveyard', 'exile', 'stack', 'command', 'void']);

/** A JSON value with object keys in sorted order: the same content always prints the same. */
export type Canonical = null | boolean | number | string | Canonical[] | { [key: string]: Canonical };

/** What a seat sees of one object it may not see the face of. */
export type HiddenObject = { id: number; owner: Seat; zone: string; inc: number; hidden: true };

/** The public projection (and, for a seat, its private part), as canonical JSON. */
export type PublicProjection = { [key: string]: Canonical };

/** Who the projection is for: everyone (`null`) or one seat. */
type Audience = Seat | null;

/**
 * Whether the audience may see `o`'s face: everyone in a public zone (a face-down permanent's
 * face only its controller, CR 708.5–708.6), else whoever was shown the card (`known`, kept by the
 * engine's RevealCard rule; moving a card into a library forgets it, zones.ts). `null` asks
 * whether every seat may see it.
 *
 * @example
 * ```ts
 * faceVisible(game.state.objects[id]!, 1); // may p2 see this card's face now?
 * ```
 */
export function faceVisible(o: GameObject, who: Seat | null): boolean {
  if (o.token) return true;
  // Its controller may look at it (CR 708.5), whoever else was once shown the card.
  if (o.faceDown) return who !== null && o.controller === who;
  if (PUBLIC_ZONES.has(o.zone)) return true;
  return who === null ? o.known[0] && o.known[1] : o.known[who];
}

/** An object's fields that are not part of what every copy holds: the table's id, who-knows bookkeeping, a layer cache. */
const OBJECT_PRIVATE_FIELDS: ReadonlySet<string> = new Set(['tid', 'known', 'lastController']);

/** The fields of an object that name its face: withheld, for a face-down permanent, from the public part. */
const FACE_FIELDS: ReadonlySet<string> = new Set(['card', 'face', 'copyOf', 'textChanges', 'chosen', 'stored', 'remembered', 'imprinted']);

function isLki(x: Record<string, unknown>): boolean {
  return typeof x.id === 'number' && typeof x.inc === 'number' && typeof x.zone === 'string' && typeof x.chars === 'object' && x.chars !== null;
}

/** Copies JSON with sorted keys, reducing every last-known information whose face the audience may not see. */
function canon(g: G, x: unknown, who: Audience): Canonical {
  if (x === null || x === undefined) return null;
  if (typeof x !== 'object') return x as Canonical;
  if (Array.isArray(x)) return x.map((v) => canon(g, v, who));
  const rec = x as Record<string, unknown>;
  if (isLki(rec) && !lkiVisible(g, rec, who)) {
    return { id: rec.id as number, inc: rec.inc as number, owner: rec.owner as number, zone: rec.zone as string, hidden: true };
  }
  const out: { [key: string]: Canonical } = {};
  for (const k of Object.keys(rec).sort()) {
    const v = rec[k];
    if (v !== undefined) out[k] = canon(g, v, who);
  }
  return out;
}

/**
 * Last-known information shows a face when it was taken in a public zone (everyone saw it
 * there), or when the object is one whose face the audience may see now.
 */
function lkiVisible(g: G, l: Record<string, unknown>, who: Audience): boolean {
  if (PUBLIC_ZONES.has(l.zone as string)) return true;
  const o = g.s.objects[l.id as number];
  return o ? faceVisible(o, who) : false;
}

/**
 * A stack item's or a pending trigger's node keys name the card they come from: kept when the
 * audience may see that card (now, or as it was when the ability was made), else withheld.
 */
function fromVisibleSource(g: G, source: number, lki: unknown, who: Audience): boolean {
  if (lki && typeof lki === 'object' && lkiVisible(g, lki as Record<string, unknown>, who)) return true;
  const o = g.s.objects[source];
  return o ? faceVisible(o, who) : true;
}

function projectItem(g: G, item: { source: number; sourceLki: unknown }, withheld: readonly string[], who: Audience): Canonical {
  const copy: Record<string, unknown> = { ...item, text: undefined };
  if (!fromVisibleSource(g, item.source, item.sourceLki, who)) for (const k of withheld) if (copy[k] !== undefined) copy[k] = 'hidden';
  return canon(g, copy, who);
}

function projectObject(g: G, o: GameObject): Canonical {
  if (!faceVisible(o, null)) {
    const hidden: HiddenObject = { id: o.id, owner: o.owner, zone: o.zone, inc: o.inc, hidden: true };
    // A face-down permanent's status is public (CR 708.2): only the face is withheld.
    if (!o.faceDown) return hidden;
  }
  const rec = o as unknown as Record<string, unknown>;
  const out: { [key: string]: Canonical } = {};
  for (const k of Object.keys(rec).sort()) {
    if (OBJECT_PRIVATE_FIELDS.has(k) || rec[k] === undefined) continue;
    if (o.faceDown && !o.token && FACE_FIELDS.has(k)) continue;
    out[k] = canon(g, rec[k], null);
  }
  return out;
}

/** What `seat` knows of faces that the public part withholds: the face fields of each such object, by id. */
function privatePart(g: G, seat: Seat): Canonical[] {
  const out: Canonical[] = [];
  for (const o of g.s.objects) {
    if (!o || faceVisible(o, null) || !faceVisible(o, seat)) continue;
    const rec = o as unknown as Record<string, unknown>;
    const face: { [key: string]: Canonical } = { id: o.id };
    for (const k of [...FACE_FIELDS].sort()) if (rec[k] !== undefined) face[k] = canon(g, rec[k], seat);
    out.push(face);
  }
  return out;
}

/**
 * The canonical JSON of what every copy of the game holds identically (`seat` null), or that plus
 * what `seat` alone knows (`seat` given). Two games that differ only in faces nobody may see
 * have the same projection; a difference in anything public changes it.
 *
 * @example
 * ```ts
 * const everyone = publicProjection(game, null);
 * const mine = publicProjection(game, 0); // adds p1's hand faces, cards p1 was shown, p1's options
 * ```
 */
export function publicProjection(game: Game, seat: Seat | null): PublicProjection {
  const g = game.internals;
  const s = g.s;
  const point = game.pending();
  const decision: { seat: Seat; kind: ChoiceKind } | null = point ? { seat: point.seat, kind: point.kind } : null;
  const zones: { [key: string]: Canonical } = {};
  for (const pile of Object.keys(s.zones).sort()) zones[pile] = [...s.zones[pile]!];
  const out: PublicProjection = {
    active: s.active,
    choices: g.choices.length,
    combat: canon(g, s.combat, null),
    decision: decision,
    delayed: canon(g, s.delayed, null),
    effects: canon(g, s.effects, null),
    extraTurns: [...s.extraTurns],
    first: s.first,
    nextId: s.nextId,
    objects: s.objects.map((o) => (o ? projectObject(g, o) : null)),
    over: canon(g, s.over, null),
    pending: s.pending.map((t) => projectItem(g, t, ['trigger'], null)),
    players: canon(g, s.players, null),
    priority: s.priority,
    // A stack item's text is written from faces for logs and views; its structure is what counts.
    stack: s.stack.map((item) => projectItem(g, item, ['node', 'triggerNode', 'modes'], null)),
    step: s.step,
    tick: s.tick,
    turn: s.turn,
    turnFacts: canon(g, s.turnFacts, null),
    zones,
  };
  if (seat !== null) {
    const mine: { [key: string]: Canonical } = { faces: privatePart(g, seat), seat };
    // The deciding seat's own copy must offer it the same options (their actions name public ids).
    if (point && point.seat === seat) mine.options = point.options.map((o) => canon(g, o.action, seat));
    out.private = mine;
  }
  return out;
}

/**
 * A stable 16-hex-digit hash of {@link publicProjection}: every copy of a replicated game
 * computes it after every decision, `publicHash(game, null)` to compare all copies and
 * `publicHash(game, seat)` to compare the golden with that seat's shadow.
 *
 * @example
 * ```ts
 * publicHash(golden, null) === publicHash(shadow0, null); // else: DESYNC DETECTED
 * publicHash(golden, 0) === publicHash(shadow0, 0);
 * ```
 */
export function publicHash(game: Game, seat: Seat | null): string {
  return contentHash(JSON.stringify(publicProjection(game, seat)));
}
