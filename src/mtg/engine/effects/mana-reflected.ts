/**
 * `ManaReflected` (Fellwar Stone, Reflecting Pool): a mana ability whose colours are those the
 * `Valid$` lands could produce; the colours are worked out in mana.ts, and this resolving form
 * (used only if it is ever a sub-ability) adds one mana of the first of them.
 */
import { touch } from '../context.js';
import { manaOutput } from '../mana.js';
import { registerEffect } from '../resolve.js';

registerEffect(
  'ManaReflected',
  function* (run) {
    const out = manaOutput(run, run.ref);
    const c = out.colours[0];
    if (!c) return;
    run.g.s.players[run.you].pool.push({ c, src: run.host });
    touch(run.g);
  },
  { reads: ['ColorOrType', 'Valid'] },
);
