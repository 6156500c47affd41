/**
 * `TwoPiles`: for each defined or targeted player (you by default), the cards to divide —
 * `DefinedCards$`, else that player's cards in `Zone$` (their permanents on the battlefield) —
 * matching `ValidCards$` are separated into two piles by the `Separator$` (the host's controller
 * by default), and the `Chooser$` (that player by default) chooses one. `ChosenPile$` runs with
 * the chosen pile remembered, then `UnchosenPile$` with the other. `FaceDown$ One` keeps the
 * first pile face down (`True`: both): the chooser is told only how many cards it holds.
 */
import type { Seat } from '../choice.js';
import { ask } from '../ask.js';
import { param } from '../cards.js';
import { touch } from '../context.js';
import { definedCards, definedPlayers } from '../defined.js';
import { chars } from '../layers.js';
import { registerEffect, runSub } from '../resolve.js';
import { objectMatches } from '../select.js';
import { pileId } from '../zones.js';
import { affectedPlayers, cardsIn, chooseCards, hostObject } from './util.js';
import { showCards } from './library-top.js';
import type { GameObject, Zone } from '../types.js';

const ZONES: Record<string, Zone> = { Hand: 'hand', Library: 'library', Graveyard: 'graveyard', Exile: 'exile', Battlefield: 'battlefield' };

registerEffect(
  'TwoPiles',
  function* (run) {
    const g = run.g;
    const players = affectedPlayers(run);
    const first = (key: string, def: Seat): Seat => {
      const text = param(run.ref, key);
      return text === undefined ? def : (definedPlayers(run, text)[0] ?? def);
    };
    const separator = first('Separator', run.you);
    const valid = param(run.ref, 'ValidCards') ?? 'Card';
    const faceDown = param(run.ref, 'FaceDown') ?? 'False';
    const h = hostObject(run);
    for (const seat of players) {
      const chooser = first('Chooser', players[0] ?? run.you);
      const definedText = param(run.ref, 'DefinedCards');
      const zone = ZONES[param(run.ref, 'Zone') ?? 'Battlefield'] ?? 'battlefield';
      const pool0: GameObject[] =
        definedText !== undefined
          ? definedCards(run, definedText).flatMap((s) => (s.live ? [s.live] : []))
          : zone === 'battlefield'
            ? cardsIn(g, 'battlefield').filter((o) => chars(g, o).controller === seat)
            : cardsIn(g, pileId(zone, seat));
      const pool = pool0.filter((o) => objectMatches(run, valid, o));
      if (pool.length === 0) return;
      // The separator sees what they separate; a face-up pile is then seen by everyone (CR 701.16a).
      showCards(g, pool, [separator]);
      const pile1 = yield* chooseCards(
        g,
        separator,
        faceDown === 'One' ? 'Choose the cards of the face-down pile' : 'Choose the cards of the first pile',
        pool,
        pool.length,
        true,
      );
      const pile2 = pool.filter((o) => !pile1.includes(o));
      if (faceDown !== 'One' && faceDown !== 'True') showCards(g, pile1, [0, 1]);
      if (faceDown !== 'True') showCards(g, pile2, [0, 1]);
      const describe = (pile: GameObject[], hidden: boolean) =>
        hidden
          ? `the face-down pile (${pile.length} ${pile.length === 1 ? 'card' : 'cards'})`
          : pile.length === 0
            ? 'the empty pile'
            : pile.map((o) => chars(g, o).name).join(', ');
      const k = yield* ask(g, chooser, 'choose', 'Choose a pile', [
        { label: `pile 1: ${describe(pile1, faceDown === 'One' || faceDown === 'True')}`, action: { verb: 'choose', text: 'pile 1' } },
        { label: `pile 2: ${describe(pile2, faceDown === 'True')}`, action: { verb: 'choose', text: 'pile 2' } },
      ]);
      const [chosen, unchosen] = k === 0 ? [pile1, pile2] : [pile2, pile1];
      for (const [key, pile] of [
        ['ChosenPile', chosen],
        ['UnchosenPile', unchosen],
      ] as const) {
        if (param(run.ref, key) === undefined) continue;
        if (h) {
          h.remembered = pile.map((o) => ({ card: o.id, inc: o.inc }));
          touch(g);
        }
        yield* runSub(g, run, key);
      }
    }
  },
  { reads: ['Defined', 'ValidTgts', 'DefinedCards', 'Zone', 'ValidCards', 'Separator', 'Chooser', 'FaceDown', 'ChosenPile', 'UnchosenPile'] },
);
