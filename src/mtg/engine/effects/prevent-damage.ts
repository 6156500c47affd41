/**
 * `PreventDamage` (CR 615.7): prevent the next `Amount$` damage to each target this turn (a
 * prevention shield). `PreventDamageAll` gives the same shield to each creature matching
 * `ValidCards$` and each player matching `ValidPlayers$` (Kitsune Palliator).
 */
import { touch } from '../context.js';
import { registerEffect } from '../resolve.js';
import { amount, cardsIn, ownTargets, radianceOf } from './util.js';
import { matchesPlayer, objectMatches } from '../select.js';
import type { Seat } from '../choice.js';
import type { G } from '../context.js';
import { definedCards, definedPlayers } from '../defined.js';
import { param } from '../cards.js';
import type { Ref } from '../types.js';

registerEffect(
  'PreventDamage',
  function* (run) {
    const g = run.g;
    const n = amount(run, 'Amount', 1);
    let refs: Ref[] = ownTargets(run);
    if (param(run.ref, 'Radiance') === 'True') refs = [...refs, ...radianceOf(run, refs)];
    if (param(run.ref, 'ValidTgts') === undefined) {
      const d = param(run.ref, 'Defined') ?? 'Self';
      refs = [
        ...definedCards(run, d).map((c) => ({ card: c.id, inc: c.inc })),
        ...(definedCards(run, d).length ? [] : definedPlayers(run, d).map((p) => ({ player: p }))),
      ];
    }
    addShields(g, refs, n);
  },
  { reads: ['Amount', 'ValidTgts', 'Defined', 'Radiance'] },
);

/** Adds an `n`-damage prevention shield for this turn to each of `refs` (CR 615.7). */
function addShields(g: G, refs: Ref[], n: number): void {
  g.s.turnFacts.shields ??= {};
  for (const r of refs) {
    const key = 'player' in r ? `p${r.player}` : 'card' in r ? `c${r.card}:${r.inc}` : '';
    if (key) g.s.turnFacts.shields[key] = (g.s.turnFacts.shields[key] ?? 0) + n;
  }
  touch(g);
}

registerEffect(
  'PreventDamageAll',
  function* (run) {
    const n = amount(run, 'Amount', 1);
    const cardSel = param(run.ref, 'ValidCards');
    const playerSel = param(run.ref, 'ValidPlayers');
    const refs: Ref[] = [];
    // The set is fixed as the ability resolves (CR 608.2h): a creature that enters later this
    // turn gets no shield.
    if (cardSel !== undefined) {
      for (const o of cardsIn(run.g, 'battlefield')) if (objectMatches(run, cardSel, o)) refs.push({ card: o.id, inc: o.inc });
    }
    if (playerSel !== undefined) {
      for (const seat of [0, 1] as Seat[]) if (matchesPlayer(run, playerSel, seat)) refs.push({ player: seat });
    }
    addShields(run.g, refs, n);
  },
  { reads: ['Amount', 'ValidCards', 'ValidPlayers'] },
);
