/**
 * `Clash` (CR 701.23): you clash with your opponent. Each of you reveals the top card of their
 * library (CR 701.23a), then each, you first, puts it on the top or the bottom (CR 701.23b). You
 * win if your card's mana value is higher than theirs (CR 701.23c; a player with an empty library
 * reveals nothing, and one who reveals a card beats one who does not). Then
 * `WinSubAbility$` runs if you won, else `OtherwiseSubAbility$` and `LoseSubAbility$`.
 * `RememberClasher$` remembers the opponent you clashed with.
 */
import type { Seat } from '../choice.js';
import { ask } from '../ask.js';
import { param } from '../cards.js';
import { opponent } from '../context.js';
import { chars } from '../layers.js';
import { registerEffect, runSub } from '../resolve.js';
import { moveObject } from '../zones.js';
import { remember } from './util.js';
import { showCards, topCards } from './library-top.js';

registerEffect(
  'Clash',
  function* (run) {
    const g = run.g;
    const you = run.you;
    const them: Seat = opponent(you);
    if (param(run.ref, 'RememberClasher') === 'True') remember(run, [{ player: them }]);
    const [mine] = topCards(g, you, 1);
    const [theirs] = topCards(g, them, 1);
    showCards(
      g,
      [mine, theirs].filter((o) => o !== undefined),
      [0, 1],
    );
    const won = mine !== undefined && (theirs === undefined || chars(g, mine).cmc > chars(g, theirs).cmc);
    for (const [seat, o] of [
      [you, mine],
      [them, theirs],
    ] as const) {
      if (!o) continue;
      const name = chars(g, o).name;
      const k = yield* ask(g, seat, 'choose', `Clash: ${name}`, [
        { label: `keep ${name} on top`, action: { verb: 'choose', text: 'top' } },
        { label: `put ${name} on the bottom`, action: { verb: 'choose', text: 'bottom' } },
      ]);
      if (k === 1) moveObject(g, o, 'library', 'bottom');
    }
    if (won) yield* runSub(g, run, 'WinSubAbility');
    else {
      yield* runSub(g, run, 'OtherwiseSubAbility');
      yield* runSub(g, run, 'LoseSubAbility');
    }
  },
  { reads: ['WinSubAbility', 'OtherwiseSubAbility', 'LoseSubAbility', 'RememberClasher'] },
);
