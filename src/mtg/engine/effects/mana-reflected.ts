/**
 * `ManaReflected` (Fellwar Stone, Reflecting Pool): a mana ability whose colours are those the
 * `Valid$` lands could produce; the colours are worked out in mana.ts, and this resolving form
 * (used only if it is ever a sub-ability) adds one mana of the first of them.
 */
import { param } from '../cards.js';
import { touch } from '../context.js';
import { definedPlayers } from '../defined.js';
import { manaOutput } from '../mana.js';
import { registerEffect } from '../resolve.js';

registerEffect(
  'ManaReflected',
  function* (run) {
    const out = manaOutput(run, run.ref);
    const c = out.colours[0];
    if (!c) return;
    // "That player adds one mana of any type that land produced": `Defined$` names who adds it.
    const who = definedPlayers(run, param(run.ref, 'Defined') ?? 'You')[0] ?? run.you;
    run.g.s.players[who].pool.push({ c, src: run.host });
    touch(run.g);
  },
  { reads: ['ColorOrType', 'Valid', 'ReflectProperty', 'Defined'] },
);
