/**
 * `Play`: a player may play or cast cards as the ability resolves (CR 608.2g): "you may cast that
 * card [without paying its mana cost]", "you may play that card". The cards are the node's targets
 * or `Defined$`, or the cards matching `Valid$` in `ValidZone$` (a hand by default, as in Forge);
 * `Controller$` plays them (you by default); `Amount$` of them (1 by default, `All` for every one);
 * `Optional$ True` makes each one "may" (declining ends the effect). A spell is cast by the rules
 * of CR 601.2a–i, its timing and the zone it is in set aside (the effect is the permission); with
 * `WithoutManaCost$ True` its mana cost is not paid, an alternative cost (CR 118.9), so X is 0
 * (CR 107.3b) while additional costs are still paid. A land is played only with a land play left
 * (CR 305.2a), and counts as one. `RememberPlayed$ True`: the host remembers each card played;
 * `ForgetRemembered$`: once one was played, the host forgets what it remembered.
 * `ReplaceGraveyard$ Exile` (Torrential Gearhulk, Goblin Dark-Dwellers: "if that card would be put
 * into your graveyard this turn, exile it instead", CR 614.1a) marks each spell it cast so that,
 * leaving the stack this turn for a graveyard (resolved, countered or fizzled), it is exiled
 * (stackops.ts); once it is another object (CR 400.7) the effect has nothing more to follow.
 * `CopyCard$ True` (Isochron Scepter, Spellbinder, Chandra, Pyromaster: "copy the exiled card; you
 * may cast the copy") casts a copy of each card chosen, made where the card is (CR 707.12): the
 * card stays, so the Scepter can copy it again next turn. `AllowRepeats$ True` lets one card be
 * chosen again (Chandra's "up to three copies of that card").
 */
import type { Seat } from '../choice.js';
import { ask, askYesNo, type Gen } from '../ask.js';
import { cardNamed, param } from '../cards.js';
import { maybeObj, touch } from '../context.js';
import { definedPlayers } from '../defined.js';
import { chars } from '../layers.js';
import { castableWays, castDuringResolution, playLand } from '../cast.js';
import { landPlays } from '../land-plays.js';
import { registerEffect, type ResolveRun } from '../resolve.js';
import { objectMatches } from '../select.js';
import { keywordCast, type CastHow } from '../alt-costs.js';
import { declareParamForms } from '../../cards/index.js';
import { affectedCards, amount, cardsIn, chooseCards, hostObject } from './util.js';
import type { GameObject } from '../types.js';

// Exile is the only replacement zone any card writes.
declareParamForms('api:Play', 'ability', 'Play', 'ReplaceGraveyard', (v) => v === 'Exile');

/** Forge's zone names for `ValidZone$`, as the engine's piles (both players' where there are two). */
const PILES: Readonly<Record<string, readonly string[]>> = {
  hand: ['hand-0', 'hand-1'],
  graveyard: ['graveyard-0', 'graveyard-1'],
  library: ['library-0', 'library-1'],
  exile: ['exile'],
  battlefield: ['battlefield'],
  command: ['command'],
};

/** The cards the effect may play: its targets or `Defined$`, else `Valid$` in `ValidZone$`. */
function candidatesOf(run: ResolveRun): GameObject[] {
  const valid = param(run.ref, 'Valid');
  if (valid === undefined) return affectedCards(run, undefined);
  const piles = PILES[(param(run.ref, 'ValidZone') ?? 'Hand').toLowerCase()] ?? [];
  return piles.flatMap((p) => (run.g.s.zones[p] ? cardsIn(run.g, p) : [])).filter((o) => objectMatches(run, valid, o));
}

/** Whether `seat` may play land `o` now: a land play left (CR 305.2a); the effect gives the timing. */
function canPlayLand(run: ResolveRun, seat: Seat, o: GameObject): boolean {
  return chars(run.g, o).cardTypes.includes('Land') && run.g.s.players[seat].landsPlayed < landPlays(run.g, seat);
}

registerEffect(
  'Play',
  function* (run) {
    const g = run.g;
    const seat = definedPlayers(run, param(run.ref, 'Controller') ?? 'You')[0] ?? run.you;
    const copies = param(run.ref, 'CopyCard') === 'True';
    const base: CastHow = {
      during: true,
      ...(param(run.ref, 'WithoutManaCost') === 'True' ? { free: true } : {}),
      ...(copies ? { copy: true } : {}),
    };
    const repeats = param(run.ref, 'AllowRepeats') === 'True';
    // A keyword's own cast (Suspend's, Madness's) is that keyword's way, with its cost.
    const howFor = (o: GameObject): CastHow => ({ ...base, ...keywordCast(g, o, run.ref.node.origin) });
    const optional = param(run.ref, 'Optional') === 'True';
    const exileInstead = param(run.ref, 'ReplaceGraveyard') === 'Exile';
    const amountText = (param(run.ref, 'Amount') ?? '1').trim();
    let pool = candidatesOf(run);
    let left = amountText === 'All' ? pool.length : Math.max(0, amount(run, 'Amount', 1));
    const played: GameObject[] = [];
    while (left > 0) {
      // Only what can be played now is offered: a spell whose targets and costs can be had.
      const playable = pool.filter(
        // Copies are cast, never played: no card here copies a land card.
        (o) => (!copies && canPlayLand(run, seat, o)) || (!chars(g, o).cardTypes.includes('Land') && castableWays(g, seat, o, howFor(o)).length > 0),
      );
      if (playable.length === 0) break;
      let o: GameObject | undefined;
      if (playable.length === 1 && optional) {
        const c = playable[0]!;
        const verb = chars(g, c).cardTypes.includes('Land') ? 'Play' : copies ? 'Cast a copy of' : 'Cast';
        if (yield* askYesNo(g, seat, `${verb} ${chars(g, c).name}${base.free ? ' without paying its mana cost' : ''}?`)) o = c;
      } else
        [o] = yield* chooseCards(g, seat, base.free ? 'Choose a card to play without paying its mana cost' : 'Choose a card to play', playable, 1, optional);
      if (!o) break;
      if (!repeats) pool = pool.filter((x) => x !== o);
      left--;
      if (chars(g, o).cardTypes.includes('Land')) {
        yield* playLand(g, seat, o);
        played.push(o);
        continue;
      }
      const how = howFor(o);
      const ways = castableWays(g, seat, o, how);
      // A card with several ways to be cast (a split card's halves, a modal face) asks which.
      let way = ways[0]!;
      if (ways.length > 1) {
        const faces = cardNamed(g.registry, o.card)?.faces ?? [];
        const names = ways.map((w) => faces[w.face]?.name ?? chars(g, o).name);
        const k = yield* chooseWay(g, seat, names);
        way = ways[k]!;
      }
      if (yield* castDuringResolution(g, seat, o, way.face, way.spell, how)) {
        played.push(o);
        const spell = maybeObj(g, o.id);
        if (exileInstead && spell?.zone === 'stack') spell.exileIfToGraveyard = g.s.turn;
      }
    }
    const h = hostObject(run);
    // `ForgetRemembered$` (written with any value, as Forge reads it): once a card was played, the
    // host forgets what it remembered (Living Lore's exiled card, a hideaway land's face-down card).
    if (h && played.length > 0 && param(run.ref, 'ForgetRemembered') !== undefined) {
      h.remembered = [];
      touch(g);
    }
    if (param(run.ref, 'RememberPlayed') === 'True') {
      if (h) for (const o of played) h.remembered.push({ card: o.id, inc: o.inc });
      touch(g);
    }
  },
  {
    reads: [
      'Valid',
      'ValidZone',
      'Defined',
      'ValidTgts',
      'Controller',
      'Amount',
      'Optional',
      'WithoutManaCost',
      'RememberPlayed',
      'ReplaceGraveyard',
      'ForgetRemembered',
      'CopyCard',
      'AllowRepeats',
    ],
  },
);

/** Which way to cast a card with several (a face each): a named choice. */
function* chooseWay(g: ResolveRun['g'], seat: Seat, names: string[]): Gen<number> {
  return yield* ask(
    g,
    seat,
    'choose',
    'Choose what to cast',
    names.map((n) => ({ label: `cast ${n}`, action: { verb: 'choose', text: n } })),
  );
}
