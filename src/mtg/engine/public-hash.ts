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
import type { Seat } from './choice.js';
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
  // Its controller may look at it (CR 708.5), whoever else was once shown the card; a card exiled
  // face down only whoever an instruction let look at it (CR 406.3).
  if (o.faceDown) return who !== null && (o.zone === 'exile' ? o.known[who] : o.controller === who);
  if (PUBLIC_ZONES.has(o.zone)) return true;
  return who === null ? o.known[0] && o.known[1] : o.known[who];
}

/** An object's fields that are not part of what every copy holds: the table's id, who-knows bookkeeping, a layer cache. */
const OBJECT_PRIVATE_FIELDS: ReadonlySet<string> = new Set(['tid', 'known', 'lastController']);

/** The fields of an object that name its face: withheld, for a face-down permanent, from the public part. */
const FACE_FIELDS: ReadonlySet<string> = new Set(['card', 'face', 'copyOf', 'textChanges', 'chosen', 'stored', 'remembered', 'imprinted']);

/** The text being written: one string grown in place (cheaper than joining many small pieces). */
type Out = { t: string };

const KEY_TEXT = new Map<string, string>();

/** A key as JSON writes it, followed by a colon (cached: the same few keys recur in every object). */
function keyText(k: string): string {
  let t = KEY_TEXT.get(k);
  if (t === undefined) {
    t = `${JSON.stringify(k)}:`;
    if (KEY_TEXT.size < 10_000) KEY_TEXT.set(k, t);
  }
  return t;
}

function isLki(x: Record<string, unknown>): boolean {
  return typeof x.id === 'number' && typeof x.inc === 'number' && typeof x.zone === 'string' && typeof x.chars === 'object' && x.chars !== null;
}

/**
 * Writes JSON text with sorted keys (what `JSON.stringify` would write of a sorted copy: undefined
 * fields left out, undefined array entries as null), reducing every last-known information whose
 * face the audience may not see. Written straight to text: the hash is computed after every
 * decision in every copy, so no intermediate copy of the state is made.
 */
function write(g: G, x: unknown, who: Audience, out: Out): void {
  if (x === null || x === undefined) {
    out.t += 'null';
    return;
  }
  switch (typeof x) {
    case 'number':
      out.t += Number.isFinite(x) ? String(x) : 'null';
      return;
    case 'boolean':
      out.t += x ? 'true' : 'false';
      return;
    case 'string':
      out.t += JSON.stringify(x);
      return;
    case 'object':
      break;
    default:
      out.t += 'null';
      return;
  }
  if (Array.isArray(x)) {
    out.t += '[';
    for (let i = 0; i < x.length; i++) {
      if (i > 0) out.t += ',';
      write(g, x[i], who, out);
    }
    out.t += ']';
    return;
  }
  const rec = x as Record<string, unknown>;
  if (isLki(rec) && !lkiVisible(g, rec, who)) {
    out.t += `{"hidden":true,"id":${rec.id as number},"inc":${rec.inc as number},"owner":${JSON.stringify(rec.owner ?? null)},"zone":${JSON.stringify(rec.zone)}}`;
    return;
  }
  writeFields(g, rec, who, out, null, null);
}

/** An object's fields in sorted order, leaving out `skip` and writing `"hidden"` for `withheld`. */
function writeFields(
  g: G,
  rec: Record<string, unknown>,
  who: Audience,
  out: Out,
  skip: ReadonlySet<string> | null,
  withheld: ReadonlySet<string> | null,
): void {
  out.t += '{';
  let first = true;
  for (const k of Object.keys(rec).sort()) {
    const v = rec[k];
    if (v === undefined || typeof v === 'function' || skip?.has(k)) continue;
    if (!first) out.t += ',';
    out.t += keyText(k);
    first = false;
    if (withheld?.has(k)) out.t += '"hidden"';
    else write(g, v, who, out);
  }
  out.t += '}';
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

/** A stack item's text is written from faces for logs and views; its structure is what counts. */
const ITEM_SKIP: ReadonlySet<string> = new Set(['text']);
const STACK_WITHHELD: ReadonlySet<string> = new Set(['node', 'triggerNode', 'modes']);
const TRIGGER_WITHHELD: ReadonlySet<string> = new Set(['trigger']);

function writeItems(g: G, items: readonly { source: number; sourceLki: unknown }[], withheld: ReadonlySet<string>, out: Out): void {
  out.t += '[';
  for (let i = 0; i < items.length; i++) {
    if (i > 0) out.t += ',';
    const item = items[i]!;
    const hide = fromVisibleSource(g, item.source, item.sourceLki, null) ? null : withheld;
    writeFields(g, item, null, out, ITEM_SKIP, hide);
  }
  out.t += ']';
}

const FACE_DOWN_SKIP: ReadonlySet<string> = new Set([...OBJECT_PRIVATE_FIELDS, ...FACE_FIELDS]);

function writeObject(g: G, o: GameObject, out: Out): void {
  // A face-down permanent's status is public (CR 708.2): only the face is withheld.
  if (!faceVisible(o, null) && !o.faceDown) {
    out.t += `{"hidden":true,"id":${o.id},"inc":${o.inc},"owner":${o.owner},"zone":${JSON.stringify(o.zone)}}`;
    return;
  }
  writeFields(g, o, null, out, o.faceDown && !o.token ? FACE_DOWN_SKIP : OBJECT_PRIVATE_FIELDS, null);
}

const SORTED_FACE_FIELDS = [...FACE_FIELDS].sort();

/** The public part's JSON text (see {@link publicProjection}). */
function publicText(game: Game): string {
  const g = game.internals;
  const s = g.s;
  const point = game.pending();
  const out: Out = { t: '' };
  const field = (k: string, v: unknown): void => {
    out.t += `,"${k}":`;
    write(g, v, null, out);
  };
  out.t += `{"active":${s.active}`;
  field('choices', g.choices.length);
  field('combat', s.combat);
  field('decision', point ? { kind: point.kind, seat: point.seat } : null);
  field('delayed', s.delayed);
  field('effects', s.effects);
  field('extraTurns', s.extraTurns);
  field('first', s.first);
  field('nextId', s.nextId);
  out.t += ',"objects":[';
  // A plain loop: the objects list may have holes (token slots), written as null.
  for (let i = 0; i < s.objects.length; i++) {
    if (i > 0) out.t += ',';
    const o = s.objects[i];
    if (o) writeObject(g, o, out);
    else out.t += 'null';
  }
  out.t += ']';
  field('over', s.over);
  out.t += ',"pending":';
  writeItems(g, s.pending, TRIGGER_WITHHELD, out);
  field('players', s.players);
  field('priority', s.priority);
  out.t += ',"stack":';
  writeItems(g, s.stack, STACK_WITHHELD, out);
  field('step', s.step);
  field('tick', s.tick);
  field('turn', s.turn);
  field('turnFacts', s.turnFacts);
  field('zones', s.zones);
  out.t += '}';
  return out.t;
}

/** `seat`'s private part's JSON text: the faces it alone may see and, when it decides, its options. */
function privateText(game: Game, seat: Seat): string {
  const g = game.internals;
  const point = game.pending();
  const out: Out = { t: '{"faces":[' };
  let first = true;
  for (const o of g.s.objects) {
    if (!o || faceVisible(o, null) || !faceVisible(o, seat)) continue;
    out.t += first ? `{"id":${o.id}` : `,{"id":${o.id}`;
    first = false;
    const rec = o as unknown as Record<string, unknown>;
    for (const k of SORTED_FACE_FIELDS) {
      if (rec[k] === undefined) continue;
      out.t += `,"${k}":`;
      write(g, rec[k], seat, out);
    }
    out.t += '}';
  }
  out.t += ']';
  // The deciding seat's own copy must offer it the same options (their actions name public ids).
  if (point && point.seat === seat) {
    out.t += ',"options":';
    write(
      g,
      point.options.map((o) => o.action),
      seat,
      out,
    );
  }
  out.t += `,"seat":${seat}}`;
  return out.t;
}

/**
 * The canonical JSON of what every copy of the game holds identically (`seat` null), or that plus
 * what `seat` alone knows under `private` (`seat` given). Two games that differ only in faces
 * nobody may see have the same projection; a difference in anything public changes it.
 *
 * @example
 * ```ts
 * const everyone = publicProjection(game, null);
 * const mine = publicProjection(game, 0); // adds p1's hand faces, cards p1 was shown, p1's options
 * ```
 */
export function publicProjection(game: Game, seat: Seat | null): PublicProjection {
  const out = JSON.parse(publicText(game)) as PublicProjection;
  if (seat !== null) out.private = JSON.parse(privateText(game, seat)) as Canonical;
  return out;
}

/** The public hash of a game and each seat's, computed together (the public part is written once). */
export type PublicHashes = { all: string; seats: [string, string] };

/** The seat's hash: of the public hash and the seat's private part, so the public part is hashed once. */
function seatHash(all: string, game: Game, seat: Seat): string {
  return contentHash(`${all}:${privateText(game, seat)}`);
}

/**
 * A stable 16-hex-digit hash of {@link publicProjection}: every copy of a replicated game
 * computes it after every decision, `publicHash(game, null)` to compare all copies and
 * `publicHash(game, seat)` to compare the golden with that seat's shadow. With a seat it is the
 * hash of the public hash and the seat's private part.
 *
 * @example
 * ```ts
 * publicHash(golden, null) === publicHash(shadow0, null); // else: DESYNC DETECTED
 * publicHash(golden, 0) === publicHash(shadow0, 0);
 * ```
 */
export function publicHash(game: Game, seat: Seat | null): string {
  const all = contentHash(publicText(game));
  return seat === null ? all : seatHash(all, game, seat);
}

/**
 * {@link publicHash} for everyone and for each seat at once, the public part written and hashed
 * once: what the golden of a replicated game computes after every decision.
 *
 * @example
 * ```ts
 * const h = publicHashes(golden);
 * h.all === publicHash(golden, null); h.seats[1] === publicHash(golden, 1); // true
 * ```
 */
export function publicHashes(game: Game): PublicHashes {
  const all = contentHash(publicText(game));
  return { all, seats: [seatHash(all, game, 0), seatHash(all, game, 1)] };
}
