/**
 * `NameCard`: choose a card name, remembered on the host. The names offered are those of the
 * cards in the game (the decklists are public, as in the reference).
 */
import { ask } from '../ask.js';
import { touch } from '../context.js';
import { registerEffect } from '../resolve.js';
import { affectedPlayers, hostObject } from './util.js';

registerEffect(
  'NameCard',
  function* (run) {
    const g = run.g;
    const names = [...new Set(g.s.objects.filter((o) => o && !o.token).map((o) => o!.card))].sort();
    const h = hostObject(run);
    for (const seat of affectedPlayers(run)) {
      const k = yield* ask(g, seat, 'choose', 'Name a card', names.map((n) => ({ label: n, action: { verb: 'choose', text: n } })));
      if (h) h.chosen.name = names[k]!;
    }
    touch(g);
  },
  { reads: ['Defined', 'ValidCards'] },
);
