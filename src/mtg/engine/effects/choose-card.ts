/**
 * `ChooseCard`: choose `Amount$` cards (at least `MinAmount$`, when written) matching `Choices$` in `ChoiceZone$`; they become the
 * host's chosen cards (and remembered with `RememberChosen$`). `EachBasicType$` instead has each
 * player choose one land of each basic land type (Global Ruin, Sundering Titan).
 */
import type { Seat } from '../choice.js';
import type { Gen } from '../ask.js';
import { param } from '../cards.js';
import { touch } from '../context.js';
import { chars } from '../layers.js';
import { registerEffect, type ResolveRun } from '../resolve.js';
import { objectMatches } from '../select.js';
import { affectedPlayers, amount, cardsIn, chooseCards, hostObject, randomPick } from './util.js';
import type { GameObject } from '../types.js';

/** The basic land types in Forge's order (`CardType.getBasicTypes`), which is the order asked. */
const BASIC_TYPES = ['Plains', 'Island', 'Swamp', 'Mountain', 'Forest'];

/**
 * One land of each basic land type, chosen by `seat` (mandatory, as in Forge): from the lands it
 * controls with `EachBasicType$ Controlled`, else from every land. A land of two types may be
 * chosen twice; it is then one chosen card.
 */
function* eachBasicType(run: ResolveRun, seat: Seat, scope: string): Gen<GameObject[]> {
  const g = run.g;
  const lands = cardsIn(g, 'battlefield').filter((o) => {
    const c = chars(g, o);
    return c.cardTypes.includes('Land') && (scope !== 'Controlled' || c.controller === seat);
  });
  const out: GameObject[] = [];
  for (const type of BASIC_TYPES) {
    const pool = lands.filter((o) => chars(g, o).subtypes.includes(type));
    const [o] = yield* chooseCards(g, seat, `Choose ${type === 'Island' ? 'an' : 'a'} ${type}`, pool, 1);
    if (o && !out.includes(o)) out.push(o);
  }
  return out;
}

registerEffect(
  'ChooseCard',
  function* (run) {
    const g = run.g;
    const sel = param(run.ref, 'Choices') ?? 'Card';
    const zone = (param(run.ref, 'ChoiceZone') ?? 'Battlefield').toLowerCase();
    const n = amount(run, 'Amount', 1);
    const h = hostObject(run);
    if (!h) return;
    // "You may choose": the corpus writes `Optional$ Yes` (Grapple with the Past).
    const optional = param(run.ref, 'Mandatory') !== 'True' && (param(run.ref, 'ChoiceOptional') === 'True' || param(run.ref, 'Optional') !== undefined);
    const basics = param(run.ref, 'EachBasicType');
    const minimum = param(run.ref, 'MinAmount') !== undefined ? amount(run, 'MinAmount', 0) : undefined;
    h.chosen.cards = [];
    for (const seat of affectedPlayers(run)) {
      let chosen: GameObject[];
      if (basics !== undefined) chosen = yield* eachBasicType(run, seat, basics);
      else {
        const piles =
          zone === 'battlefield' ? ['battlefield'] : zone === 'hand' || zone === 'graveyard' || zone === 'library' ? [`${zone}-0`, `${zone}-1`] : [zone];
        // `TargetControls$`: only the choosing player's own cards (Monomania: a card in their hand).
        const own = param(run.ref, 'TargetControls') !== undefined;
        const pool = piles
          .flatMap((p) => (g.s.zones[p] ? cardsIn(g, p) : []))
          .filter((o) => objectMatches({ ...run, you: seat }, sel, o) && (!own || (o.zone === 'battlefield' ? chars(g, o).controller : o.controller) === seat));
        // `MinAmount$`: at least that many, up to `Amount$` (Devout Invocation's "any number": 0).
        // "Chooses a card at random" (`AtRandom$`): `Amount$` of them drawn from the game's random
        // stream, nobody asked (Search for Survivors, Path of Mettle's Metzali).
        chosen =
          param(run.ref, 'AtRandom') === 'True'
            ? randomPick(g, pool, n)
            : yield* chooseCards(g, seat, 'Choose a card', pool, n, optional, optional ? 0 : Math.min(n, minimum ?? n));
      }
      for (const o of chosen) {
        h.chosen.cards.push({ card: o.id, inc: o.inc });
        if (param(run.ref, 'RememberChosen') === 'True') h.remembered.push({ card: o.id, inc: o.inc });
      }
    }
    touch(g);
  },
  {
    reads: [
      'Choices',
      'ChoiceZone',
      'Amount',
      'Defined',
      'RememberChosen',
      'Mandatory',
      'ChoiceOptional',
      'Optional',
      'EachBasicType',
      'TargetControls',
      'MinAmount',
      'AtRandom',
    ],
  },
);
