/** `Protection` (CR 702.16): targets or `Defined$` creatures gain protection from a chosen colour (`Gains$ Choice`) or named qualities, until end of turn. */
import { ask } from '../ask.js';
import { param } from '../cards.js';
import { registerEffect } from '../resolve.js';
import { addEffect, affectedCards, durationOf } from './util.js';

const COLOURS = ['white', 'blue', 'black', 'red', 'green'];

registerEffect(
  'Protection',
  function* (run) {
    const gains = param(run.ref, 'Gains') ?? 'Choice';
    let qualities: string[];
    if (gains === 'Choice' || gains === 'ChosenColor') {
      const options = param(run.ref, 'Choices') ? param(run.ref, 'Choices')!.split(',').map((c) => c.trim().toLowerCase()) : COLOURS;
      const k = yield* ask(run.g, run.you, 'choose', 'Choose a colour for protection', options.map((c) => ({ label: c, action: { verb: 'choose', text: c } })));
      qualities = [options[k]!];
    } else qualities = gains.split(',').map((c) => c.trim().toLowerCase());
    addEffect(run, affectedCards(run).filter((o) => o.zone === 'battlefield'), { addKeywords: qualities.map((q) => `Protection from ${q}`) }, durationOf(run));
  },
  { reads: ['Gains', 'Choices', 'Defined', 'ValidTgts'] },
);
