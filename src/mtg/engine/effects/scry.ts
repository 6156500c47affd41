/** `Scry` (CR 701.22): look at the top `ScryNum$` cards; each goes to the bottom or stays on top. */
import { ask } from '../ask.js';
import { chars } from '../layers.js';
import { registerEffect } from '../resolve.js';
import { moveObject, pileId } from '../zones.js';
import { affectedPlayers, amount } from './util.js';

registerEffect(
  'Scry',
  function* (run) {
    const g = run.g;
    const n = amount(run, 'ScryNum', 1);
    for (const seat of affectedPlayers(run)) {
      const top = g.s.zones[pileId('library', seat)]!.slice(0, n).map((id) => g.s.objects[id]!);
      for (const o of top) if (!o.known[seat]) g.actions.push({ type: 'RevealCard', card: o.id, name: o.card, to: [seat] });
      const bottom = [];
      for (const o of top) {
        const name = chars(g, o).name;
        // The two options differ only in where the card goes, so the action names just that: with a
        // card on both, `choose bottom` in a script would match the card name and always keep it on top.
        const k = yield* ask(g, seat, 'choose', `Scry: ${name}`, [
          { label: `keep ${name} on top`, action: { verb: 'choose', text: 'top' } },
          { label: `put ${name} on the bottom`, action: { verb: 'choose', text: 'bottom' } },
        ]);
        if (k === 1) bottom.push(o);
      }
      for (const o of bottom) moveObject(g, o, 'library', 'bottom');
    }
  },
  { reads: ['ScryNum', 'Defined'] },
);
