/**
 * Miracle (CR 702.94a): "You may reveal this card from your hand as you draw it if it's the first
 * card you've drawn this turn. When you reveal this card this way, you may cast it by paying
 * [cost] rather than its mana cost." The keyword module (src/mtg/cards/keywords/miracle.ts) writes
 * the trigger, a `Drawn` trigger marked `Miracle$ True` that only the first card a player draws in
 * a turn sets off (triggers.ts); the reveal is asked here, as the trigger would be put on the
 * stack: no means nothing is revealed and the trigger is gone (it is "when you reveal"), yes
 * reveals the card to both players (CR 702.94b: it stays revealed while in hand) through the one
 * reveal point, `logReveal`, so the other seat's replica learns it. The cast on resolution is the
 * engine's `Play` for the miracle cost (alt-costs.ts `keywordCast`).
 */
import { askYesNo, type Gen } from './ask.js';
import { param, type NodeRef } from './cards.js';
import { touch, type G } from './context.js';
import { chars } from './layers.js';
import type { GameObject, PendingTrigger } from './types.js';
import { revealToAll } from './zones.js';
import { declareParamReads } from '../cards/index.js';

declareParamReads('engine:miracle', ['Miracle'], ['trigger']);

/**
 * Whether a pending trigger may go on the stack, asking for the miracle reveal when it is a
 * miracle trigger: true for any other trigger; for a miracle trigger, true when its card is still
 * in its owner's hand and the owner reveals it.
 * @example
 * ```ts
 * if (!(yield* miracleRevealed(g, t, trig, host))) return; // not revealed: the trigger is gone
 * ```
 */
export function* miracleRevealed(g: G, t: PendingTrigger, trig: NodeRef, host: GameObject): Gen<boolean> {
  if (param(trig, 'Miracle') !== 'True') return true;
  if (host.zone !== 'hand' || host.owner !== t.controller) return false;
  if (!(yield* askYesNo(g, t.controller, `Reveal ${chars(g, host).name} for its miracle cost?`))) return false;
  revealToAll(g, host);
  touch(g);
  return true;
}
