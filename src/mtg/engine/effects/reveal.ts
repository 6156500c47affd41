/** `Reveal` and `RevealHand` (CR 701.16): cards are shown; the action log records each reveal with its audience. */
import { param } from '../cards.js';
import { definedCards } from '../defined.js';
import { registerEffect } from '../resolve.js';
import { logReveal, revealToAll, SEAT_NAMES } from '../zones.js';
import { objectMatches } from '../select.js';
import { affectedPlayers, amount, cardsIn, chooseCards, remember } from './util.js';
import type { GameObject } from '../types.js';

registerEffect(
  'RevealHand',
  function* (run) {
    const g = run.g;
    for (const seat of affectedPlayers(run)) {
      for (const o of cardsIn(g, `hand-${seat}`)) {
        if (!o.known[run.you]) logReveal(g, o, [run.you]);
        o.known[run.you] = true;
        g.table.reveal(o.tid, [SEAT_NAMES[run.you]]);
      }
    }
  },
  { reads: ['Defined', 'ValidTgts'] },
);
/**
 * `Reveal` from a hand (CR 701.16a), as Forge reads it: each defined or targeted player (`Defined$`,
 * default you) reveals cards from their own hand — `RevealDefined$` names them, `Random$` picks
 * `NumCards$` (default 1) at random among those matching `RevealValid$`, otherwise the revealing
 * player chooses `NumCards$` of them (any number with `AnyNumber$`, possibly none with
 * `Optional$`). `RememberRevealed$` remembers them on the host, which later parts of the ability
 * count (Scent of Jasmine's "2 life for each card revealed this way").
 */
registerEffect(
  'Reveal',
  function* (run) {
    const g = run.g;
    // A card revealing itself (`Defined$ Self`, our own fixtures' older spelling of `RevealDefined$ Self`).
    const byCards = param(run.ref, 'RevealDefined') ?? (param(run.ref, 'Defined') === 'Self' ? 'Self' : undefined);
    const valid = param(run.ref, 'RevealValid');
    const revealed: GameObject[] = [];
    if (byCards !== undefined) {
      for (const c of definedCards(run, byCards)) if (c.live) revealed.push(c.live);
    } else {
      for (const seat of affectedPlayers(run)) {
        const hand = cardsIn(g, `hand-${seat}`);
        const pool = valid ? hand.filter((o) => objectMatches(run, valid, o)) : hand;
        if (pool.length === 0) continue;
        let n = Math.min(amount(run, 'NumCards', 1), pool.length);
        if (param(run.ref, 'Random') === 'True') {
          const left = [...pool];
          for (let i = 0; i < n; i++) revealed.push(left.splice(g.rng.int(left.length), 1)[0]!);
          continue;
        }
        const any = param(run.ref, 'AnyNumber') === 'True';
        if (any) n = pool.length;
        revealed.push(
          ...(yield* chooseCards(
            g,
            seat,
            any ? 'Reveal any number of cards' : `Reveal ${n === 1 ? 'a card' : `${n} cards`}`,
            pool,
            n,
            any || param(run.ref, 'Optional') === 'True',
          )),
        );
      }
    }
    for (const o of revealed) revealToAll(g, o, true);
    if (param(run.ref, 'RememberRevealed') === 'True')
      remember(
        run,
        revealed.map((o) => ({ card: o.id, inc: o.inc })),
      );
  },
  { reads: ['Defined', 'ValidTgts', 'RevealDefined', 'RevealValid', 'Random', 'NumCards', 'AnyNumber', 'Optional', 'RememberRevealed'] },
);
