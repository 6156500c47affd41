/**
 * Amplify (CR 702.38a): "As this object enters, reveal any number of cards from your hand that
 * share a creature type with it. This permanent enters with N +1/+1 counters on it for each card
 * revealed this way." Forge writes it `Amplify:N:Type1,Type2` with the card's creature types; a card
 * in hand shares one when it is of any of them (a changeling, CR 702.73a, of all). Several
 * instances work separately (702.38b): each reveals on its own.
 */
import { ask, cardRef, type Gen, type Opt } from './ask.js';
import { keywordOf } from './cards.js';
import type { G } from './context.js';
import { chars } from './layers.js';
import { matchesCard, seen } from './select.js';
import type { GameObject } from './types.js';
import { revealToAll } from './zones.js';
import { registerPrimitive } from '../cards/index.js';

registerPrimitive('kw:Amplify');

/**
 * The +1/+1 counters the permanent's amplify instances give it as it enters, asking its controller
 * which cards of their hand to reveal (`done` reveals no more); 0 without amplify.
 *
 * @example
 * ```ts
 * const n = yield* amplifyCounters(g, zombieBrute); // 2 for two Zombies revealed
 * ```
 */
export function* amplifyCounters(g: G, o: GameObject): Gen<number> {
  const c = chars(g, o);
  let total = 0;
  for (const k of c.keywords) {
    const kw = keywordOf(k);
    if (kw.name !== 'Amplify') continue;
    const n = Number(kw.args[0] ?? '1');
    const selector = (kw.args[1] ?? '')
      .split(',')
      .map((t) => `Card.${t.trim()}`)
      .join(',');
    if (!Number.isFinite(n) || selector === '') continue;
    const seat = c.controller;
    const run = { g, you: seat, host: o.id };
    let left = g.s.zones[`hand-${seat}`]!.map((id) => g.s.objects[id]!).filter((h) => matchesCard(run, selector, seen(run, h)));
    const revealed: GameObject[] = [];
    while (left.length > 0) {
      const opts: Opt[] = [{ label: 'done', action: { verb: 'done' } }];
      for (const h of left) opts.push({ label: chars(g, h).name, action: { verb: 'choose', card: cardRef(h.id, chars(g, h).name) } });
      const k = yield* ask(g, seat, 'choose', `Amplify ${n} (${c.name}): reveal a card from your hand that shares a creature type with it?`, opts);
      if (k === 0) break;
      const h = left[k - 1]!;
      revealed.push(h);
      left = left.filter((x) => x !== h);
    }
    for (const h of revealed) revealToAll(g, h, true);
    total += n * revealed.length;
  }
  return total;
}
