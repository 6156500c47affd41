/**
 * `Proliferate` (CR 701.27a): you choose any number of permanents and/or players that have
 * counters, then each gets one more counter of each kind already there (poison and the other
 * player counters included, CR 122.1). Asked one at a time, "done" first.
 */
import type { Seat } from '../choice.js';
import { ask, cardRef, type Opt } from '../ask.js';
import { putCounters, putPlayerCounters } from '../actions.js';
import { chars } from '../layers.js';
import { registerEffect } from '../resolve.js';
import { cardsIn, effectSource } from './util.js';
import type { GameObject } from '../types.js';

registerEffect(
  'Proliferate',
  function* (run) {
    const g = run.g;
    const kindsOf = (seat: Seat): string[] => {
      const p = g.s.players[seat];
      return [...(p.poison > 0 ? ['POISON'] : []), ...Object.keys(p.counters ?? {}).filter((k) => (p.counters?.[k] ?? 0) > 0)];
    };
    let cards: GameObject[] = cardsIn(g, 'battlefield').filter((o) => Object.values(o.counters).some((n) => n > 0));
    let players: Seat[] = ([0, 1] as const).filter((s) => kindsOf(s).length > 0);
    const chosenCards: GameObject[] = [];
    const chosenPlayers: Seat[] = [];
    while (cards.length + players.length > 0) {
      const opts: Opt[] = [
        { label: 'done', action: { verb: 'done' } },
        ...cards.map((o) => {
          const name = chars(g, o).name;
          return { label: name, action: { verb: 'choose' as const, card: cardRef(o.id, name) } };
        }),
        ...players.map((s) => ({ label: `p${s + 1}`, action: { verb: 'choose' as const, player: { seat: s } } })),
      ];
      const k = yield* ask(g, run.you, 'choose', 'Proliferate: choose a permanent or player with counters', opts);
      if (k === 0) break;
      if (k <= cards.length) {
        const o = cards[k - 1]!;
        chosenCards.push(o);
        cards = cards.filter((x) => x !== o);
      } else {
        const s = players[k - 1 - cards.length]!;
        chosenPlayers.push(s);
        players = players.filter((x) => x !== s);
      }
    }
    // One more of each kind, each kind its own counter event (a replacement adds one per kind:
    // Winding Constrictor's "that many plus one of each of those kinds").
    const source = effectSource(run);
    for (const o of chosenCards)
      for (const kind of Object.keys(o.counters).sort()) if ((o.counters[kind] ?? 0) > 0) yield* putCounters(g, o, kind, 1, { effect: true, source });
    for (const s of chosenPlayers) for (const kind of kindsOf(s)) yield* putPlayerCounters(g, s, kind, 1, true, source);
  },
  { reads: [] },
);
