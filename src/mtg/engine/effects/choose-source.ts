/**
 * `ChooseSource` (CR 609.7): choose a source of damage — a permanent, a spell on the stack, or a
 * card another object on the stack refers to — matching `Choices$`; it becomes the host's chosen
 * card (a Circle of Protection's "a red source of your choice").
 */
import { ask, cardRef, type Opt } from '../ask.js';
import { param } from '../cards.js';
import { touch } from '../context.js';
import { chars } from '../layers.js';
import { registerEffect } from '../resolve.js';
import { objectMatches } from '../select.js';
import { hostObject } from './util.js';

registerEffect(
  'ChooseSource',
  function* (run) {
    const g = run.g;
    const sel = param(run.ref, 'Choices') ?? 'Card';
    const pool = [...g.s.zones['battlefield']!, ...g.s.zones['stack']!].map((id) => g.s.objects[id]!).filter((o) => objectMatches(run, sel, o));
    const h = hostObject(run);
    if (!h) return;
    h.chosen.cards = [];
    if (pool.length === 0) return;
    const opts: Opt[] = pool.map((o) => ({ label: chars(g, o).name, action: { verb: 'choose', card: cardRef(o.id, chars(g, o).name) } }));
    const k = yield* ask(g, run.you, 'choose', 'Choose a source', opts);
    h.chosen.cards = [{ card: pool[k]!.id, inc: pool[k]!.inc }];
    touch(g);
  },
  { reads: ['Choices'] },
);
