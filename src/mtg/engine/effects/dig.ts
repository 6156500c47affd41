/**
 * `Dig`: look at the top `DigNum$` cards of a library; `ChangeNum$` of them matching
 * `ChangeValid$` go to `DestinationZone$` (a hand by default), the rest to `DestinationZone2$`
 * (the bottom of the library by default). With `NoMove$` the cards are only looked at (or
 * revealed) and, with `RememberRevealed$`, remembered for the rest of the ability.
 * `AndOrValid$` (Kiora, Master of the Depths: "a creature card and/or a land card"): one card
 * matching `ChangeValid$` and one other matching `AndOrValid$`, each chosen or not in turn.
 * A card Dig puts into exile is exiled face down with `ExileFaceDown$ True` (Gonti, Lord of
 * Luxury, CR 406.3: no player may look at it unless an instruction allows it), and gets a counter
 * of the kind `ExileWithCounter$` names (Karn, Scion of Urza's silver counter, CR 122.1).
 */
import { param } from '../cards.js';
import { changeZone, putCounters, type MoveOptions } from '../actions.js';
import { chars } from '../layers.js';
import { registerEffect } from '../resolve.js';
import { objectMatches } from '../select.js';
import { evalNumber } from '../values.js';
import { logReveal, pileId } from '../zones.js';
import { definedPlayers } from '../defined.js';
import { affectedPlayers, amount, chooseCards, effectSource, randomOrder, remember } from './util.js';
import { orderCards } from './library-top.js';
import type { GameObject, Zone } from '../types.js';
import type { ResolveRun } from '../resolve.js';
import type { Gen } from '../ask.js';
import { declareParamForms } from '../../cards/index.js';

// `Choser$` is Dig's; Protection's "a player of your choice chooses" is not read there.
declareParamForms('api:Dig', 'ability', 'Protection', 'Choser', () => false);

const ZONES: Record<string, Zone> = { Hand: 'hand', Library: 'library', Graveyard: 'graveyard', Exile: 'exile', Battlefield: 'battlefield' };

/** How Dig moves cards into `dest`: face down into exile with `ExileFaceDown$ True` (CR 406.3). */
function exiling(run: ResolveRun, dest: Zone): MoveOptions {
  return dest === 'exile' && param(run.ref, 'ExileFaceDown') === 'True' ? { faceDown: true } : {};
}

/**
 * `ExileWithCounter$ SILVER`: each card Dig put into exile gets one counter of that kind there
 * (Karn, Scion of Urza's "exile the other with a silver counter on it"); a card a replacement
 * sent elsewhere gets none.
 */
function* counterOnExiled(run: ResolveRun, moved: readonly GameObject[]): Gen<void> {
  const kind = param(run.ref, 'ExileWithCounter');
  if (kind === undefined) return;
  const source = effectSource(run);
  for (const o of moved) if (o.zone === 'exile') yield* putCounters(run.g, o, kind, 1, { effect: true, source });
}

registerEffect(
  'Dig',
  function* (run) {
    const g = run.g;
    const n = amount(run, 'DigNum', 1);
    const changeText = param(run.ref, 'ChangeNum') ?? '1';
    const valid = param(run.ref, 'ChangeValid');
    const dest = ZONES[param(run.ref, 'DestinationZone') ?? 'Hand'] ?? 'hand';
    const dest2 = ZONES[param(run.ref, 'DestinationZone2') ?? 'Library'] ?? 'library';
    for (const seat of affectedPlayers(run)) {
      const top = g.s.zones[pileId('library', seat)]!.slice(0, n).map((id) => g.s.objects[id]!);
      // `Choser$`: another player chooses among them (Animal Magnetism's "an opponent chooses a
      // creature card from among them"); with several, the ability's controller picks which one.
      const choser = param(run.ref, 'Choser');
      const who = choser === undefined ? run.you : (definedPlayers(run, choser)[0] ?? run.you);
      // The ability's controller looks at them, and so does a chooser, who cannot choose among
      // cards unseen.
      const revealed = param(run.ref, 'Reveal') === 'True';
      for (const o of top) {
        if (!o.known[run.you]) logReveal(g, o, revealed ? [0, 1] : [run.you]);
        if (!revealed && who !== run.you && !o.known[who]) logReveal(g, o, [who]);
      }
      // `NoMove$ True` (Fact or Fiction): only look or reveal; later parts of the ability move them.
      if (param(run.ref, 'NoMove') === 'True') {
        if (param(run.ref, 'RememberRevealed') === 'True')
          remember(
            run,
            top.map((o) => ({ card: o.id, inc: o.inc })),
          );
        continue;
      }
      const pool = valid ? top.filter((o) => objectMatches(run, valid, o)) : top;
      // `AnyNumber$ True`: "put any number of them" (Taigam's Scheming, Lead the Stampede).
      const anyNumber = param(run.ref, 'AnyNumber') === 'True';
      const count = changeText === 'All' || changeText === 'Any' || anyNumber ? pool.length : evalNumber(run, changeText);
      const seen = top.map((o) => chars(g, o).name).join(', ');
      const andOr = param(run.ref, 'AndOrValid');
      const chosen =
        andOr === undefined
          ? yield* chooseCards(
              g,
              who,
              `Choose ${count === 1 ? 'a card' : `${count} cards`} (${seen})`,
              pool,
              count,
              param(run.ref, 'Optional') === 'True' || changeText === 'Any' || anyNumber,
            )
          : yield* chooseCards(g, who, `Choose a ${valid ?? 'card'} card (${seen})`, pool, 1, true);
      if (andOr !== undefined) {
        const other = top.filter((o) => !chosen.includes(o) && objectMatches(run, andOr, o));
        chosen.push(...(yield* chooseCards(g, who, `Choose a ${andOr} card (${seen})`, other, 1, true)));
      }
      const moved = yield* changeZone(g, chosen, dest, dest === 'library' ? { position: 'top' } : exiling(run, dest));
      yield* counterOnExiled(run, moved);
      if (param(run.ref, 'RememberChanged') === 'True')
        remember(
          run,
          moved.map((o) => ({ card: o.id, inc: o.inc })),
        );
      let rest = top.filter((o) => !chosen.includes(o) && o.zone === 'library');
      // `RestRandomOrder$`: "the rest on the bottom of your library in a random order" (CR 401.4
      // leaves the order to the owner otherwise), from the game's random stream.
      if (param(run.ref, 'RestRandomOrder') === 'True') rest = randomOrder(g, rest);
      else if (anyNumber && dest2 === 'library' && param(run.ref, 'LibraryPosition2') === '0' && rest.length > 1) {
        // "and the rest back on top of your library in any order" (Taigam's Scheming): the player
        // the card instructs orders them (CR 401.4). They move to the top one at a time, so the
        // card chosen for the top moves last.
        rest = (yield* orderCards(g, who, 'to be on top', rest)).reverse();
      }
      const others = yield* changeZone(
        g,
        rest,
        dest2,
        dest2 === 'library' ? { position: param(run.ref, 'LibraryPosition2') === '0' ? 'top' : 'bottom' } : exiling(run, dest2),
      );
      yield* counterOnExiled(run, others);
    }
  },
  {
    reads: [
      'DigNum',
      'ChangeNum',
      'ChangeValid',
      'DestinationZone',
      'DestinationZone2',
      'LibraryPosition2',
      'Reveal',
      'Optional',
      'Defined',
      'RememberChanged',
      'NoMove',
      'RememberRevealed',
      'RestRandomOrder',
      'Choser',
      'AndOrValid',
      'AnyNumber',
      'ExileFaceDown',
      'ExileWithCounter',
    ],
  },
);
