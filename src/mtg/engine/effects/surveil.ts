/**
 * `Surveil` (CR 701.42): look at the top `Amount$` cards of your library, put any number of them
 * into your graveyard and the rest back on top. Like Scry here, the cards kept stay in the order
 * they were in (the "any order" choice of CR 701.42a is not asked).
 */
import { ask } from '../ask.js';
import { changeZone } from '../actions.js';
import { chars } from '../layers.js';
import { registerEffect } from '../resolve.js';
import { pileId } from '../zones.js';
import { affectedPlayers, amount } from './util.js';
import type { GameObject } from '../types.js';

registerEffect(
  'Surveil',
  function* (run) {
    const g = run.g;
    const n = amount(run, 'Amount', 1);
    for (const seat of affectedPlayers(run)) {
      const top = g.s.zones[pileId('library', seat)]!.slice(0, n).map((id) => g.s.objects[id]!);
      for (const o of top) if (!o.known[seat]) g.actions.push({ type: 'RevealCard', card: o.id, name: o.card, to: [seat] });
      const binned: GameObject[] = [];
      for (const o of top) {
        const name = chars(g, o).name;
        // The options name only where the card goes, as Scry's do, so a script's answer cannot
        // match the card's own name by accident.
        const k = yield* ask(g, seat, 'choose', `Surveil: ${name}`, [
          { label: `keep ${name} on top`, action: { verb: 'choose', text: 'top' } },
          { label: `put ${name} into your graveyard`, action: { verb: 'choose', text: 'graveyard' } },
        ]);
        if (k === 1) binned.push(o);
      }
      // Into the graveyard together, as one event (CR 701.42a), so triggers see them at once.
      if (binned.length > 0) yield* changeZone(g, binned, 'graveyard');
    }
  },
  { reads: ['Amount', 'Defined'] },
);
