/** `Protection` (CR 702.16): targets or `Defined$` creatures gain protection from a chosen colour (`Gains$ Choice`) or named qualities, until end of turn. */
import { ask, type Gen } from '../ask.js';
import { param } from '../cards.js';
import { chars } from '../layers.js';
import { registerEffect, type ResolveRun } from '../resolve.js';
import { addEffect, affectedCards, durationOf, hostObject, ownTargets } from './util.js';

const COLOURS = ['white', 'blue', 'black', 'red', 'green'];
const WORD: Record<string, string> = { W: 'white', U: 'blue', B: 'black', R: 'red', G: 'green' };

/** `Choices$` as written: `AnyColor` stands for the five colours (Mother of Runes), beside qualities like `artifacts`. */
function choices(written: string | undefined): string[] {
  if (written === undefined) return COLOURS;
  const out: string[] = [];
  for (const c of written.split(',').map((s) => s.trim().toLowerCase())) {
    for (const q of c === 'anycolor' ? COLOURS : [c]) if (q !== '' && !out.includes(q)) out.push(q);
  }
  return out;
}

/**
 * What a Protection or ProtectionAll effect gives protection from (`Gains$`): a colour chosen now
 * (`Choice`, from `Choices$`), the colour chosen as the host entered (`ChosenColor`: Floating
 * Shield, Seht's Tiger; as it last was when a cost sacrificed it, CR 608.2h), the colours of the
 * target as the ability resolves (`TargetedCardColor`: Kabira Evangel; none when it is colourless
 * or gone), or the qualities written out (`white`, `artifacts`).
 *
 * @example
 * ```ts
 * const qualities = yield* protectionQualities(run); // ['red']
 * ```
 */
export function* protectionQualities(run: ResolveRun): Gen<string[]> {
  const g = run.g;
  const gains = param(run.ref, 'Gains') ?? 'Choice';
  if (gains === 'ChosenColor') {
    const chosen = hostObject(run)?.chosen.colour ?? run.item?.sourceLki?.chosenColour;
    return chosen === undefined ? [] : [chosen.toLowerCase()];
  }
  if (gains === 'Choice') {
    const options = choices(param(run.ref, 'Choices'));
    const k = yield* ask(
      g,
      run.you,
      'choose',
      'Choose a colour for protection',
      options.map((c) => ({ label: c, action: { verb: 'choose', text: c } })),
    );
    return [options[k]!];
  }
  if (gains === 'TargetedCardColor') {
    const out: string[] = [];
    for (const t of ownTargets(run)) {
      if (!('card' in t)) continue;
      const o = g.s.objects[t.card];
      if (!o || o.inc !== t.inc || o.zone !== 'battlefield') continue;
      for (const c of chars(g, o).colours) if (WORD[c] && !out.includes(WORD[c])) out.push(WORD[c]);
    }
    return out;
  }
  return gains.split(',').map((c) => c.trim().toLowerCase());
}

registerEffect(
  'Protection',
  function* (run) {
    const qualities = yield* protectionQualities(run);
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
