/**
 * Face-down spells and permanents (CR 708): morph and megamorph (CR 702.37), manifest
 * (CR 701.40) and turning permanents face up or down.
 *
 * A face-down object is the same object with `faceDown` set: layers.ts gives it the
 * characteristics of CR 708.2 (a 2/2 creature with no name, text, subtypes, colour or mana
 * cost), zones.ts keeps its face hidden from the other seat on the table (only its controller may
 * look at it, CR 708.5) and reveals it when it leaves for any other zone (CR 708.9), and view.ts
 * shows the other seat the 2/2 without its name. The way up is read from the card itself (its
 * printed `Morph`/`Megamorph` keyword, or its mana cost when it was manifested), since a
 * face-down permanent has no abilities of its own.
 */
import type { Seat } from './choice.js';
import { cardNamed } from './cards.js';
import { touch, type G } from './context.js';
import { chars } from './layers.js';
import { lkiOf, putCounters } from './actions.js';
import type { Gen } from './ask.js';
import { parseCost, type Cost } from './costs.js';
import { raise, registerTriggerMode } from './triggers.js';
import { matchesCard, seenLki } from './select.js';
import { param } from './cards.js';
import { logReveal, SEAT_NAMES } from './zones.js';
import type { GameObject } from './types.js';
import { registerPrimitive } from '../cards/index.js';

// Morph and megamorph are read where the rules use them: the face-down cast (cast.ts, CR
// 702.37c) and the turn-face-up special action (CR 702.37e, 116.2b).
registerPrimitive('kw:Morph');
registerPrimitive('kw:Megamorph');

/** The node key of casting a card face down with morph (CR 702.37c): a creature spell for {3}. */
export const FACE_DOWN_SPELL = '#face-down';

/** The generic cost of casting a face-down spell (CR 702.37c). */
export const FACE_DOWN_COST = '3';

/** One way to turn a face-down permanent face up, and what it costs. */
export type WayUp = { kind: 'morph' | 'megamorph' | 'manifest'; cost: Cost; text: string };

/**
 * Whether a card has morph or megamorph (CR 702.37, 702.146) on its front face, whatever its state:
 * the offer check asks {@link morphOf} only of such cards.
 *
 * @example
 * ```ts
 * morphCard(g, 'Exalted Angel'); // true
 * ```
 */
export function morphCard(g: G, card: string): boolean {
  const face = cardNamed(g.registry, card)?.faces[0];
  return face !== undefined && face.keywords.some((k) => k.name === 'Morph' || k.name === 'Megamorph');
}

/**
 * The card's own morph or megamorph cost, from its front face as printed: a face-down object has
 * no abilities, and a face-up one has the keyword in its characteristics anyway.
 *
 * @example
 * ```ts
 * morphOf(g, o); // { kind: 'morph', cost: …, text: '2 U' }
 * ```
 */
export function morphOf(g: G, o: GameObject): WayUp | null {
  if (o.token || o.copyOf) return null;
  const face = cardNamed(g.registry, o.card)?.faces[0];
  if (!face) return null;
  for (const k of face.keywords) {
    if (k.name !== 'Morph' && k.name !== 'Megamorph') continue;
    const text = (k.args[0] ?? '').trim();
    return { kind: k.name === 'Morph' ? 'morph' : 'megamorph', cost: parseCost(text === '' ? '0' : text), text };
  }
  return null;
}

/**
 * The ways a face-down permanent may be turned face up as a special action: its morph cost
 * (CR 702.37e), and, when it was manifested and is a creature card, its mana cost (CR 701.40b, c).
 *
 * @example
 * ```ts
 * waysUp(g, faceDown).map((w) => w.text); // ['2 U']
 * ```
 */
export function waysUp(g: G, o: GameObject): WayUp[] {
  if (!o.faceDown || o.zone !== 'battlefield') return [];
  const out: WayUp[] = [];
  const morph = morphOf(g, o);
  if (morph) out.push(morph);
  if (o.manifested && !o.token) {
    const face = cardNamed(g.registry, o.card)?.faces[0];
    if (face && face.types.cardTypes.includes('Creature') && face.manaCost) out.push({ kind: 'manifest', cost: parseCost(face.manaCost), text: face.manaCost });
  }
  return out;
}

/**
 * Turns a face-down permanent face up (CR 708.8): it gets its printed characteristics back, its
 * face is revealed to everyone, a megamorph gets its +1/+1 counter (CR 702.37b), and "when turned
 * face up" abilities trigger (the permanent's own included: it has them now). Nothing happens to
 * a permanent that is face up already; a manifested instant or sorcery is revealed and stays face
 * down (CR 701.40g). Returns whether it was turned face up.
 *
 * @example
 * ```ts
 * yield* turnFaceUp(g, faceDown, false);
 * ```
 */
export function* turnFaceUp(g: G, o: GameObject, megamorph: boolean): Gen<boolean> {
  if (!o.faceDown) return false;
  const card = cardNamed(g.registry, o.card);
  const types = card?.faces[0]?.types.cardTypes ?? [];
  if (o.manifested && (types.includes('Instant') || types.includes('Sorcery'))) {
    const seen = ([0, 1] as Seat[]).filter((s) => !o.known[s]);
    if (seen.length > 0) logReveal(g, o, seen);
    return false;
  }
  o.faceDown = false;
  delete o.manifested;
  touch(g);
  const seen = ([0, 1] as Seat[]).filter((s) => !o.known[s]);
  if (seen.length > 0) logReveal(g, o, seen);
  g.table.reveal(o.tid, [...SEAT_NAMES]);
  o.known = [true, true];
  // Put as it turns face up (CR 702.37b), so the counter replacements see it (Hardened Scales).
  if (megamorph) yield* putCounters(g, o, 'P1P1', 1, { effect: true, source: lkiOf(g, o) });
  const c = chars(g, o);
  g.events.push({ type: 'TurnedFaceUp', card: o.id, name: c.name, controller: c.controller });
  raise(g, { mode: 'TurnFaceUp', card: lkiOf(g, o), player: c.controller });
  return true;
}

/**
 * Turns a face-up permanent face down (CR 708.2; Ixidron, Vesuvan Shapeshifter): it becomes a
 * nameless 2/2 whose face only its controller may look at. A face-down permanent stays as it is
 * (CR 708.2b); so does a token, which has no card face to hide, and a transformed double-faced
 * card (Forge leaves them face up: the card would have to show its front, CR 712.15a).
 *
 * @example
 * ```ts
 * turnFaceDown(g, bears);
 * ```
 */
export function turnFaceDown(g: G, o: GameObject): boolean {
  if (o.faceDown || o.token || o.zone !== 'battlefield') return false;
  const card = cardNamed(g.registry, o.card);
  if (!card || ((card.layout === 'transform' || card.layout === 'meld') && o.face !== 0)) return false;
  const controller = chars(g, o).controller;
  o.faceDown = true;
  o.face = 0;
  touch(g);
  const other: Seat = controller === 0 ? 1 : 0;
  g.table.hide(o.tid, [SEAT_NAMES[other]]);
  o.known[other] = false;
  g.events.push({ type: 'TurnedFaceDown', card: o.id, controller });
  return true;
}

// "When CARDNAME is turned face up" (CR 708.8): the permanent turned face up, as it now is.
registerTriggerMode(
  'TurnFaceUp',
  (run, ref, d) => {
    const sel = param(ref, 'ValidCard');
    if (sel === undefined) return true;
    return d.card !== undefined && matchesCard(run, sel, seenLki(run, d.card));
  },
  ['ValidCard'],
);

/**
 * At the end of the game every face-down spell and permanent is revealed to all players (CR
 * 708.9). They stay face down: only who may see the card changes.
 *
 * @example
 * ```ts
 * revealFaceDown(g); // as the game ends
 * ```
 */
export function revealFaceDown(g: G): void {
  for (const zone of ['battlefield', 'stack'] as const) {
    for (const id of g.s.zones[zone]!) {
      const o = g.s.objects[id]!;
      if (!o.faceDown || o.token) continue;
      const seen = ([0, 1] as Seat[]).filter((s) => !o.known[s]);
      if (seen.length > 0) logReveal(g, o, seen);
      g.table.reveal(o.tid, [...SEAT_NAMES]);
      o.known = [true, true];
    }
  }
}
