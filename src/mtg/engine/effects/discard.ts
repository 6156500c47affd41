/**
 * `Discard` (CR 701.9): each defined or targeted player discards `NumCards$` cards, chosen by the
 * mode: `TgtChoose` (the player chooses), `RevealYouChoose` (the ability's controller chooses
 * from the revealed hand), `Random`, `Hand` (the whole hand), `RevealDiscardAll` (the hand is
 * revealed and every card matching `DiscardValid$` goes: Persecute), `Defined` (the cards
 * `DefinedCards$` names) and `NotRemembered` (all but the cards the host remembers).
 */
import { logReveal } from '../zones.js';
import { askYesNo } from '../ask.js';
import { param } from '../cards.js';
import { definedCards } from '../defined.js';
import { chars } from '../layers.js';
import { discard } from '../actions.js';
import { registerEffect } from '../resolve.js';
import { objectMatches } from '../select.js';
import { affectedPlayers, amount, cardsIn, chooseCards, hasTargets, remember } from './util.js';
import type { Seat } from '../choice.js';
import type { GameObject } from '../types.js';

registerEffect(
  'Discard',
  function* (run) {
    const g = run.g;
    const mode = param(run.ref, 'Mode') ?? 'TgtChoose';
    const n = amount(run, 'NumCards', 1);
    const valid = param(run.ref, 'DiscardValid');
    // Defined cards with no discarding player named are discarded by whoever holds them.
    const seats: Seat[] = mode === 'Defined' && param(run.ref, 'Defined') === undefined && !hasTargets(run) ? [0, 1] : affectedPlayers(run);
    for (const seat of seats) {
      const hand = cardsIn(g, `hand-${seat}`);
      const pool = valid ? hand.filter((o) => objectMatches(run, valid, o)) : hand;
      let cards: GameObject[];
      switch (mode) {
        case 'Hand':
          cards = hand;
          break;
        case 'Random': {
          cards = [];
          const left = [...pool];
          for (let i = 0; i < n && left.length > 0; i++) cards.push(left.splice(g.rng.int(left.length), 1)[0]!);
          break;
        }
        case 'RevealDiscardAll':
          // No choice and no count: every matching card is discarded, so none may be held back.
          for (const o of hand) if (!o.known[run.you]) logReveal(g, o, [run.you]);
          cards = pool;
          break;
        case 'Defined':
          // The cards `DefinedCards$` names, those of them in this player's hand (Nightsnare
          // discards the chosen card; Library of Leng's "you may discard" asks first).
          cards = definedCards(run, param(run.ref, 'DefinedCards'))
            .map((c) => c.live)
            .filter((o): o is GameObject => o !== null && o.zone === 'hand' && g.s.zones[`hand-${seat}`]!.includes(o.id));
          if (
            cards.length > 0 &&
            param(run.ref, 'Optional') !== undefined &&
            !(yield* askYesNo(g, seat, `Discard ${cards.map((o) => chars(g, o).name).join(', ')}?`))
          )
            cards = [];
          break;
        case 'NotRemembered':
          // Every card of the hand the host does not remember (Monomania: the chosen card stays).
          cards = hand.filter((o) => objectMatches(run, 'Card.IsNotRemembered', o));
          break;
        case 'RevealYouChoose':
        case 'RevealTgtChoose': {
          // `RevealNumber$`: the player reveals only that many cards of their choice (Blackmail's
          // "reveals three cards from their hand"), all of them when they hold no more.
          const k = param(run.ref, 'RevealNumber') === undefined ? hand.length : amount(run, 'RevealNumber', 0);
          const shown = k >= hand.length ? hand : yield* chooseCards(g, seat, `Choose ${k === 1 ? 'a card' : `${k} cards`} to reveal`, hand, k);
          for (const o of shown) if (!o.known[run.you]) logReveal(g, o, [run.you]);
          const among = pool.filter((o) => shown.includes(o));
          cards = yield* chooseCards(g, mode === 'RevealYouChoose' ? run.you : seat, 'Choose a card to discard', among, n);
          break;
        }
        default:
          cards = yield* chooseCards(g, seat, 'Choose a card to discard', pool, n);
      }
      const gone = yield* discard(g, seat, cards, { card: run.host, inc: run.item?.sourceInc ?? 0 });
      if (param(run.ref, 'RememberDiscarded') === 'True')
        remember(
          run,
          gone.map((l) => ({ card: l.id, inc: l.inc + 1 })),
        );
    }
  },
  { reads: ['Mode', 'NumCards', 'Defined', 'ValidTgts', 'DiscardValid', 'RememberDiscarded', 'DefinedCards', 'Optional', 'RevealNumber'] },
);
