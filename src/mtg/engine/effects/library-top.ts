/**
 * What the effects that look at or reveal the top of a library share: the top cards, and telling
 * a seat what a card is. The action log's `RevealCard` says who learned it, once per seat (a card
 * keeps what each seat knows until it is shuffled away or moved, zones.ts), so a view or a log
 * sent to a seat names only the cards that seat was shown.
 */
import type { Seat } from '../choice.js';
import { ask, cardRef, type Gen } from '../ask.js';
import { touch, type G } from '../context.js';
import { chars } from '../layers.js';
import { logReveal, pileId } from '../zones.js';
import type { GameObject } from '../types.js';

/**
 * The top `n` cards of `seat`'s library, top first.
 *
 * @example
 * ```ts
 * const [top] = topCards(g, 0, 1);
 * ```
 */
export function topCards(g: G, seat: Seat, n: number): GameObject[] {
  return g.s.zones[pileId('library', seat)]!.slice(0, Math.max(0, n)).map((id) => g.s.objects[id]!);
}

/**
 * Shows cards to the given seats: each seat that did not know a card learns it (logged).
 *
 * @example
 * ```ts
 * showCards(g, [top], [0, 1]); // revealed (CR 701.16a)
 * showCards(g, [top], [run.you]); // looked at: only you learn it
 * ```
 */
export function showCards(g: G, objs: readonly GameObject[], seats: readonly Seat[]): void {
  for (const o of objs) {
    const to = seats.filter((s) => !o.known[s]);
    if (to.length === 0) continue;
    logReveal(g, o, to);
    for (const s of to) o.known[s] = true;
    touch(g);
  }
}

/**
 * Asks `seat` to put `cards` in an order, one card at a time (`prompt` says what the first card
 * chosen will be: "on top"), the last one without asking; returns them in the order chosen.
 *
 * @example
 * ```ts
 * const order = yield* orderCards(g, run.you, 'to be on top', top); // top first
 * ```
 */
export function* orderCards(g: G, seat: Seat, prompt: string, cards: readonly GameObject[]): Gen<GameObject[]> {
  const left = [...cards];
  const out: GameObject[] = [];
  while (left.length > 0) {
    const k = yield* ask(
      g,
      seat,
      'choose',
      `Choose the ${out.length === 0 ? 'card' : 'next card'} ${prompt}`,
      left.map((o) => {
        const name = chars(g, o).name;
        return { label: name, action: { verb: 'choose', card: cardRef(o.id, name) } };
      }),
    );
    out.push(left.splice(k, 1)[0]!);
  }
  return out;
}
