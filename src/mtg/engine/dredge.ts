/**
 * Dredge (CR 702.52a): "As long as you have at least N cards in your library, if you would draw a
 * card, you may instead mill N cards and return this card from your graveyard to your hand." A
 * replacement effect of a card in its owner's graveyard, applied one draw at a time: before each
 * draw, the drawing player is asked (a `choose` point, option 0 "draw") whether to dredge one of
 * their graveyard's cards with dredge whose N their library can pay (CR 702.52b: with fewer cards
 * nobody mills any). Dredging replaces the draw entirely, so no other replacement of that draw
 * applies; declining it leaves the draw to the others (the affected player chooses which one
 * applies, CR 616.1). Nothing is drawn, so "whenever you draw" does not trigger (CR 121.6).
 */
import type { Seat } from './choice.js';
import { ask, cardRef, type Gen, type Opt } from './ask.js';
import { touch, type G } from './context.js';
import { keywordOf } from './cards.js';
import { chars } from './layers.js';
import { changeZone, mill } from './actions.js';
import type { GameObject } from './types.js';
import { registerPrimitive } from '../cards/index.js';

registerPrimitive('kw:Dredge');

/** Dredge N of a graveyard card, or undefined when it has none (the largest N if it has several). */
function dredgeOf(g: G, o: GameObject): number | undefined {
  let n: number | undefined;
  for (const k of chars(g, o).keywords) {
    if (!k.startsWith('Dredge')) continue;
    const kw = keywordOf(k);
    const v = Number(kw.args[0]);
    if (kw.name === 'Dredge' && Number.isInteger(v) && v > 0) n = Math.max(n ?? 0, v);
  }
  return n;
}

/**
 * Offers the drawing player to dredge instead of drawing; true when a card was dredged (the draw
 * is replaced).
 * @example
 * ```ts
 * if (yield* dredgeInstead(g, 0)) continue; // Golgari Grave-Troll came back instead of a draw
 * ```
 */
export function* dredgeInstead(g: G, seat: Seat): Gen<boolean> {
  const library = g.s.zones[`library-${seat}`]!.length;
  const picks: Array<{ o: GameObject; n: number }> = [];
  for (const id of g.s.zones[`graveyard-${seat}`]!) {
    const o = g.s.objects[id]!;
    const n = dredgeOf(g, o);
    if (n !== undefined && library >= n) picks.push({ o, n });
  }
  if (picks.length === 0) return false;
  const opts: Opt[] = [{ label: 'draw', action: { verb: 'done' } }];
  for (const { o, n } of picks) {
    const name = chars(g, o).name;
    opts.push({ label: `dredge ${name} (mill ${n})`, action: { verb: 'choose', card: cardRef(o.id, name) } });
  }
  const k = yield* ask(g, seat, 'choose', 'Dredge: mill cards and return a card with dredge instead of drawing? (CR 702.52a)', opts);
  if (k === 0) return false;
  const { o, n } = picks[k - 1]!;
  yield* mill(g, seat, n);
  // The card may have left the graveyard meanwhile only by a replacement of the mill; then it stays where it is.
  if (o.zone === 'graveyard') yield* changeZone(g, [o], 'hand');
  touch(g);
  return true;
}
