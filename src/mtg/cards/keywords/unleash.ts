/**
 * Unleash (CR 702.98a): "You may have this permanent enter with a +1/+1 counter on it" and "This
 * permanent can't block as long as it has a +1/+1 counter on it." The first is a replacement as
 * it enters (CR 614.1c), the engine's `ETBReplacement` keyword naming an optional PutCounter with
 * `ETB$` (its controller chooses as it enters, CR 614.12); the second a static ability that reads
 * the counters, whichever way they came (CR 702.98b).
 */
import { registerKeyword } from './registry.js';

registerKeyword('Unleash', (keyword, ctx) => {
  if (keyword.args.length > 0) return { error: 'Unleash takes no arguments' };
  const counter = ctx.svar('counter');
  return {
    keywords: [`ETBReplacement:Other:${counter}`],
    statics: [
      "Mode$ Continuous | Affected$ Card.Self+counters_GE1_P1P1 | AddHiddenKeyword$ CARDNAME can't block. | Description$ CARDNAME can't block as long as it has a +1/+1 counter on it.",
    ],
    svars: [
      [
        counter,
        'DB$ PutCounter | Defined$ Self | ETB$ True | CounterType$ P1P1 | CounterNum$ 1 | OptionalDecider$ You | SpellDescription$ Unleash (You may have this creature enter with a +1/+1 counter on it.)',
      ],
    ],
  };
});
