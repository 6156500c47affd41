/**
 * `SetState`: a permanent changes which face or side is up. `Mode$ Transform` turns a
 * double-faced card over (CR 701.27, 712.8e), `Mode$ Flip` flips a flip card (CR 710, one way
 * only: CR 710.4), `Mode$ TurnFace` turns a face-down permanent face up or a face-up one face
 * down (CR 708.2a, 708.8; face-down.ts). Each affects its targets, else `Defined$` (the host).
 */
import { touch } from '../context.js';
import { cardNamed } from '../cards.js';
import { param } from '../cards.js';
import { chars } from '../layers.js';
import { lkiOf } from '../actions.js';
import { raise, registerTriggerMode } from '../triggers.js';
import { matchesCard, seenLki } from '../select.js';
import { registerEffect } from '../resolve.js';
import { turnFaceDown, turnFaceUp } from '../face-down.js';
import { affectedCards } from './util.js';
import type { G } from '../context.js';
import type { GameObject } from '../types.js';
import { registerPrimitive } from '../../cards/index.js';

/** "CARDNAME can't transform" (Bound by Moonsilver, Immerwolf): an effect that would transform it does nothing (CR 101.2). */
const CANT_TRANSFORM = "CARDNAME can't transform";
registerPrimitive(`kw:${CANT_TRANSFORM}`);

/**
 * Transforms a permanent (CR 701.27a): only a double-faced card can, and not while face down
 * (CR 712.15a) or while it has "can't transform"; a back face that is an instant or sorcery
 * leaves it as it is (CR 701.27d).
 * Simplification: CR 701.27f (an ability of the permanent transforms it only if it has not
 * transformed since the ability was put on the stack) is not checked.
 */
function transform(g: G, o: GameObject): void {
  const card = cardNamed(g.registry, o.card);
  if (!card || card.layout !== 'transform' || o.faceDown || o.token || o.copyOf) return;
  if (chars(g, o).keywords.includes(CANT_TRANSFORM)) return;
  const to = o.face === 0 ? 1 : 0;
  const types = card.faces[to]?.types.cardTypes ?? [];
  if (types.length === 0 || types.includes('Instant') || types.includes('Sorcery')) return;
  o.face = to;
  touch(g);
  const c = chars(g, o);
  g.events.push({ type: 'Transformed', card: o.id, name: c.name, face: to });
  raise(g, { mode: 'Transformed', card: lkiOf(g, o), player: c.controller });
}

/** Flips a flip card (CR 710.2): once flipped it stays flipped while it stays on the battlefield (CR 710.4). */
function flip(g: G, o: GameObject): void {
  const card = cardNamed(g.registry, o.card);
  if (!card || card.layout !== 'flip' || o.face !== 0 || o.faceDown || o.token || o.copyOf) return;
  o.face = 1;
  touch(g);
  const c = chars(g, o);
  g.events.push({ type: 'Transformed', card: o.id, name: c.name, face: 1 });
}

registerEffect(
  'SetState',
  function* (run) {
    const g = run.g;
    const mode = param(run.ref, 'Mode');
    for (const o of affectedCards(run)) {
      // Cards exiled face down (Ixidron's kin turning exiled cards up) are not modelled: only
      // permanents change state here.
      if (o.zone !== 'battlefield') continue;
      if (mode === 'Transform') transform(g, o);
      else if (mode === 'Flip') flip(g, o);
      else if (mode === 'TurnFace') {
        if (o.faceDown) yield* turnFaceUp(g, o, false);
        else turnFaceDown(g, o);
      }
    }
  },
  { reads: ['Defined', 'ValidTgts', 'Mode'] },
);

// "Whenever this creature transforms into …" (CR 701.27e): the permanent as it is after it transformed.
registerTriggerMode(
  'Transformed',
  (run, ref, d) => {
    const sel = param(ref, 'ValidCard');
    if (sel === undefined) return true;
    return d.card !== undefined && matchesCard(run, sel, seenLki(run, d.card));
  },
  ['ValidCard'],
);
