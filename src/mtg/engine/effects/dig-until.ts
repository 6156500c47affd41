/**
 * `DigUntil`: each defined or targeted player (you by default) reveals cards from the top of
 * their library until `Amount$` (1) cards matching `Valid$` (any card; a comma means "or") are
 * revealed, or `MaxRevealed$` cards, or the library runs out. Every card revealed is shown to both
 * players (CR 701.16a). The found cards go to `FoundDestination$` (unless `NoMoveFound$` keeps
 * them in the library; `GainControl$` puts them onto the battlefield under your control), the
 * others to `RevealedDestination$` — or to `NoneFoundDestination$` when fewer than `Amount$` were
 * found — at `…LibraryPosition$` (0 the top, -1 the bottom). Cards going to the library in any
 * order (no `Shuffle$`, no `RevealRandomOrder$`) are ordered by the player; `RevealRandomOrder$`
 * orders them with the game's random stream. `Shuffle$` shuffles the library after
 * (`ShuffleCondition$ NoneFound`: only when nothing was found). `RememberFound$`,
 * `RememberRevealed$` and `ImprintRevealed$` keep the cards on the host; `Optional$` asks first.
 */
import type { Seat } from '../choice.js';
import { askYesNo, type Gen } from '../ask.js';
import { param } from '../cards.js';
import { changeZone } from '../actions.js';
import { touch } from '../context.js';
import { registerEffect, type ResolveRun } from '../resolve.js';
import { objectMatches } from '../select.js';
import { evalNumber } from '../values.js';
import { shuffleLibrary } from '../zones.js';
import { affectedPlayers, amount, hostObject, randomOrder, remember } from './util.js';
import { orderCards, showCards, topCards } from './library-top.js';
import type { GameObject, Zone } from '../types.js';

const ZONES: Record<string, Zone> = { Hand: 'hand', Library: 'library', Graveyard: 'graveyard', Exile: 'exile', Battlefield: 'battlefield' };

registerEffect(
  'DigUntil',
  function* (run) {
    const g = run.g;
    const valid = (param(run.ref, 'Valid') ?? 'Card').split(',').map((s) => s.trim());
    const until = amount(run, 'Amount', 1);
    const maxText = param(run.ref, 'MaxRevealed');
    const h = hostObject(run);
    if (param(run.ref, 'RememberFound') === 'True' && param(run.ref, 'ForgetOtherRemembered') === 'True' && h) {
      h.remembered = [];
      touch(g);
    }
    for (const seat of affectedPlayers(run)) {
      if (param(run.ref, 'Optional') === 'True' && !(yield* askYesNo(g, seat, 'Reveal cards from the top of your library?'))) continue;
      const library = topCards(g, seat, Number.MAX_SAFE_INTEGER);
      const max = maxText === undefined ? library.length : Math.min(library.length, evalNumber(run, maxText));
      const found: GameObject[] = [];
      const revealed: GameObject[] = [];
      for (const o of library.slice(0, max)) {
        revealed.push(o);
        if (valid.some((v) => objectMatches(run, v, o))) {
          found.push(o);
          if (found.length >= until) break;
        }
      }
      showCards(g, revealed, [0, 1]);
      let shuffle = param(run.ref, 'Shuffle') === 'True';
      if (shuffle && param(run.ref, 'ShuffleCondition') === 'NoneFound') shuffle = found.length === 0;
      const rest = revealed.filter((o) => !found.includes(o));
      const foundDest = param(run.ref, 'FoundDestination');
      if (foundDest !== undefined && ZONES[foundDest] && !(param(run.ref, 'NoMoveFound') === 'True' && foundDest === 'Library')) {
        const gain = param(run.ref, 'GainControl') === 'True' && foundDest === 'Battlefield';
        yield* place(run, seat, found, ZONES[foundDest], 'FoundLibraryPosition', shuffle, gain ? run.you : undefined);
      }
      // Remembered as they are once moved: a card that changed zones is a new object (CR 400.7),
      // and the abilities after this one act on the cards where they went (cascade casts the one
      // it exiled, then puts the rest on the bottom).
      if (param(run.ref, 'RememberFound') === 'True') remember(run, refs(found));
      const noneFound = param(run.ref, 'NoneFoundDestination') !== undefined && found.length < until;
      const restDest = param(run.ref, noneFound ? 'NoneFoundDestination' : 'RevealedDestination');
      if (restDest !== undefined && ZONES[restDest]) {
        let ordered = rest.filter((o) => o.zone === 'library');
        if (param(run.ref, 'RevealRandomOrder') === 'True') ordered = randomOrder(g, ordered);
        yield* place(
          run,
          seat,
          ordered,
          ZONES[restDest],
          noneFound ? 'NoneFoundLibraryPosition' : 'RevealedLibraryPosition',
          shuffle || param(run.ref, 'RevealRandomOrder') === 'True',
        );
      }
      if (param(run.ref, 'RememberRevealed') === 'True') remember(run, refs(rest));
      if (h && param(run.ref, 'ImprintRevealed') === 'True') {
        h.imprinted.push(...refs(rest));
        touch(g);
      }
      if (shuffle) shuffleLibrary(g, seat);
    }
  },
  {
    reads: [
      'Valid',
      'Amount',
      'MaxRevealed',
      'Defined',
      'ValidTgts',
      'Optional',
      'FoundDestination',
      'FoundLibraryPosition',
      'RevealedDestination',
      'RevealedLibraryPosition',
      'NoneFoundDestination',
      'NoneFoundLibraryPosition',
      'NoMoveFound',
      'GainControl',
      'Shuffle',
      'ShuffleCondition',
      'RevealRandomOrder',
      'RememberFound',
      'ForgetOtherRemembered',
      'RememberRevealed',
      'ImprintRevealed',
    ],
  },
);

function refs(objs: readonly GameObject[]): { card: number; inc: number }[] {
  return objs.map((o) => ({ card: o.id, inc: o.inc }));
}

/**
 * Moves cards still in the library to `zone`; to the library at the position the parameter says
 * (0 the top, -1 the bottom, the default), in the order their player chooses unless `fixed`.
 */
function* place(run: ResolveRun, seat: Seat, objs: readonly GameObject[], zone: Zone, posKey: string, fixed: boolean, controller?: Seat): Gen<void> {
  const g = run.g;
  const cards = objs.filter((o) => o.zone === 'library');
  if (cards.length === 0) return;
  if (zone !== 'library') {
    yield* changeZone(g, cards, zone, controller === undefined ? {} : { controller });
    return;
  }
  const posText = param(run.ref, posKey);
  const top = posText !== undefined && evalNumber(run, posText) === 0;
  const order = fixed || cards.length < 2 ? cards : yield* orderCards(g, seat, top ? 'to be on top' : 'to go to the bottom first', cards);
  // Each card goes to the top (or the bottom) in turn: for the top, the first in the order must go last.
  for (const o of top ? [...order].reverse() : order) yield* changeZone(g, [o], 'library', { position: top ? 'top' : 'bottom' });
}
