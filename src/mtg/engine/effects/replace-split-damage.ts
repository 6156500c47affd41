/**
 * `ReplaceSplitDamage`: inside a `DamageDone` replacement's `ReplaceWith$` ability, "the next N
 * damage that would be dealt to X this turn is dealt to Y instead" (CR 614.1a, 614.9: redirection
 * is a replacement). Of the damage being dealt, up to N (`VarName$`: a number, 1 by default, or
 * an SVar of the host holding what is left of it: Captain's Maneuver's X) is dealt by the same
 * source to `DamageTarget$` (`Remembered`, the creature the en-Kor ability targeted; `You`, the
 * effect's controller: Personal Incarnation's owner; `Imprinted`), and the rest goes on to the
 * original target, where other replacements may still apply to it (CR 616.1f). An effect whose N
 * is used up is exiled: the shield is spent.
 */
import { param, svarText } from '../cards.js';
import { touch, type Run } from '../context.js';
import { changeZone, dealDamage } from '../actions.js';
import { definedCards } from '../defined.js';
import { registerEffect } from '../resolve.js';
import { evalNumber } from '../values.js';
import type { Lki, Ref } from '../types.js';

/** Where the redirected part goes: the first object or player `DamageTarget$` names, if any is still there. */
function redirectTarget(run: Run, text: string | undefined): Ref | null {
  if (text === undefined) return null;
  if (text === 'You') return { player: run.you };
  for (const c of definedCards(run, text)) if (c.live && c.live.zone === 'battlefield' && c.live.inc === c.inc) return { card: c.id, inc: c.inc };
  return null;
}

registerEffect(
  'ReplaceSplitDamage',
  function* (run) {
    const g = run.g;
    const event = run.replaced;
    const source = event?.['sourceLki'] as Lki | undefined;
    if (!event || typeof event['amount'] !== 'number' || !source) return;
    const amount = event['amount'];
    const varName = param(run.ref, 'VarName') ?? '1';
    const numeric = /^\d+$/.test(varName);
    let left = numeric ? Number(varName) : Math.max(0, evalNumber(run, varName));
    const to = redirectTarget(run, param(run.ref, 'DamageTarget'));
    const host = run.host !== undefined ? g.s.objects[run.host] : undefined;
    if (left <= 0 || to === null) {
      event['modified'] = true;
      return;
    }
    const n = Math.min(amount, left);
    left -= n;
    // What is left of the shield: the effect is spent, or keeps the rest for the next damage.
    if (host && host.effect && left <= 0) yield* changeZone(g, [host], 'exile');
    else if (host && !numeric && (svarText(run.ref, varName) !== undefined || varName in host.stored)) {
      host.stored[varName] = left;
      touch(g);
    }
    yield* dealDamage(g, source, to, n, event['combat'] === true);
    event['amount'] = amount - n;
    event['modified'] = true;
  },
  { reads: ['VarName', 'DamageTarget'] },
);
