/** `Protection` (CR 702.16): targets or `Defined$` creatures gain protection from a chosen colour (`Gains$ Choice`) or named qualities, until end of turn. */
import { ask } from '../ask.js';
import { param } from '../cards.js';
import { registerEffect } from '../resolve.js';
import { addEffect, affectedCards, durationOf, hostObject } from './util.js';

const COLOURS = ['white', 'blue', 'black', 'red', 'green'];

/** `Choices$` as written: `AnyColor` stands for the five colours (Mother of Runes), beside qualities like `artifacts`. */
function choices(written: string | undefined): string[] {
  if (written === undefined) return COLOURS;
  const out: string[] = [];
  for (const c of written.split(',').map((s) => s.trim().toLowerCase())) {
    for (const q of c === 'anycolor' ? COLOURS : [c]) if (q !== '' && !out.includes(q)) out.push(q);
  }
  return out;
}

registerEffect(
  'Protection',
  function* (run) {
    const gains = param(run.ref, 'Gains') ?? 'Choice';
    let qualities: string[];
    if (gains === 'ChosenColor') {
      // The colour chosen as the host entered (Floating Shield's ETB choice), not a new choice; as
      // it last was when the cost sacrificed it (CR 608.2h).
      const chosen = hostObject(run)?.chosen.colour ?? run.item?.sourceLki?.chosenColour;
      qualities = chosen === undefined ? [] : [chosen.toLowerCase()];
    } else if (gains === 'Choice') {
      const options = choices(param(run.ref, 'Choices'));
      const k = yield* ask(
        run.g,
        run.you,
        'choose',
        'Choose a colour for protection',
        options.map((c) => ({ label: c, action: { verb: 'choose', text: c } })),
      );
      qualities = [options[k]!];
    } else qualities = gains.split(',').map((c) => c.trim().toLowerCase());
    if (qualities.length === 0) return;
    addEffect(
      run,
      affectedCards(run).filter((o) => o.zone === 'battlefield'),
      { addKeywords: qualities.map((q) => `Protection from ${q}`) },
      durationOf(run),
    );
  },
  { reads: ['Gains', 'Choices', 'Defined', 'ValidTgts', 'Radiance'] },
);
