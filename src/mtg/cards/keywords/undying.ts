/**
 * Undying (CR 702.93a): "When this permanent is put into a graveyard from the battlefield, if it
 * had no +1/+1 counters on it, return it to the battlefield under its owner's control with a
 * +1/+1 counter on it." Persist's twin (persist.ts) with the other counter: a dies trigger whose
 * condition reads the counters it had as it left (CR 603.10a), returning the card from the
 * graveyard (CR 400.7), then the counter.
 */
import { registerKeyword } from './registry.js';

registerKeyword('Undying', (keyword, ctx) => {
  if (keyword.args.length > 0) return { error: 'Undying takes no arguments' };
  const back = ctx.svar();
  const counter = ctx.svar('counter');
  const forget = ctx.svar('forget');
  return {
    triggers: [
      `Mode$ ChangesZone | Origin$ Battlefield | Destination$ Graveyard | ValidCard$ Card.Self+counters_EQ0_P1P1 | Execute$ ${back} | TriggerDescription$ Undying`,
    ],
    svars: [
      [back, `DB$ ChangeZone | Defined$ Self | Origin$ Graveyard | Destination$ Battlefield | RememberChanged$ True | SubAbility$ ${counter}`],
      [counter, `DB$ PutCounter | Defined$ Remembered | CounterType$ P1P1 | CounterNum$ 1 | SubAbility$ ${forget}`],
      [forget, 'DB$ Cleanup | ClearRemembered$ True'],
    ],
  };
});
