/**
 * `NameCard`: choose a card name, remembered on the host. The names offered are those of the
 * cards in the game (the decklists are public, as in the reference) that match `ValidCards$`.
 */
import { ask } from '../ask.js';
import { param } from '../cards.js';
import { touch } from '../context.js';
import { registerEffect } from '../resolve.js';
import { objectMatches } from '../select.js';
import { affectedPlayers, hostObject } from './util.js';
import type { GameObject } from '../types.js';

registerEffect(
  'NameCard',
  function* (run) {
    const g = run.g;
    // `ValidCards$` limits what may be named (Desperate Research: "other than a basic land card name").
    const valid = param(run.ref, 'ValidCards');
    const named = g.s.objects.filter((o): o is GameObject => o !== null && !o.token && (valid === undefined || objectMatches(run, valid, o)));
    const names = [...new Set(named.map((o) => o.card))].sort();
    const h = hostObject(run);
    if (names.length === 0) return;
    for (const seat of affectedPlayers(run)) {
      const k = yield* ask(
        g,
        seat,
        'choose',
        'Name a card',
        names.map((n) => ({ label: n, action: { verb: 'choose', text: n } })),
      );
      if (h) h.chosen.name = names[k]!;
    }
    touch(g);
  },
  { reads: ['Defined', 'ValidCards'] },
);
