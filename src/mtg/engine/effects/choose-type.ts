/** `ChooseType`: choose a creature (or other) type, remembered on the host as its chosen type. */
import { ask } from '../ask.js';
import { param } from '../cards.js';
import { touch } from '../context.js';
import { chars } from '../layers.js';
import { registerEffect } from '../resolve.js';
import { affectedPlayers, hostObject } from './util.js';

const BASIC_LANDS = ['Plains', 'Island', 'Swamp', 'Mountain', 'Forest'];

registerEffect(
  'ChooseType',
  function* (run) {
    const g = run.g;
    const kind = param(run.ref, 'Type') ?? 'Creature';
    let types: string[];
    if (kind === 'Basic Land' || kind === 'Land') types = BASIC_LANDS;
    else if (kind === 'Card') types = ['Artifact', 'Creature', 'Enchantment', 'Instant', 'Land', 'Planeswalker', 'Sorcery'];
    else {
      // The creature types of the cards in the game, in a stable order (the decks are public).
      const found = new Set<string>();
      for (const o of g.s.objects) if (o && !o.effect) for (const t of chars(g, o).subtypes) if (chars(g, o).cardTypes.includes('Creature')) found.add(t);
      types = [...found].sort();
      if (types.length === 0) types = ['Human'];
    }
    // `InvalidTypes$`: types the choice may not be ("a permanent type": `Instant,Sorcery,Tribal` on
    // Creeping Renaissance; "other than Wall": Mistform Mutant).
    const invalid = (param(run.ref, 'InvalidTypes') ?? '').split(',').map((t) => t.trim());
    types = types.filter((t) => !invalid.includes(t));
    const h = hostObject(run);
    for (const seat of affectedPlayers(run)) {
      const k = yield* ask(
        g,
        seat,
        'choose',
        `Choose a ${kind.toLowerCase()} type`,
        types.map((t) => ({ label: t, action: { verb: 'choose', text: t } })),
      );
      if (h) h.chosen.type = types[k]!;
    }
    touch(g);
  },
  { reads: ['Type', 'Defined', 'InvalidTypes'] },
);
