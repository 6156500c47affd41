/**
 * Persist (CR 702.79): "When this permanent is put into a graveyard from the battlefield, if it
 * had no -1/-1 counters on it, return it to the battlefield under its owner's control with a
 * -1/-1 counter on it." Expanded, as Forge does, into a dies trigger whose condition reads the
 * counters it had as it left (CR 603.10a). "It" is the card in the graveyard (CR 400.7): the
 * trigger's own card (`Self`), moved only while it is still there (`Origin$ Graveyard`). (The
 * engine's `TriggeredCard` names the object that died, which no longer exists.) Forge returns it
 * with `WithCountersType$`; here the
 * counter is put on by a sub-ability right after it returns, before anything else can happen
 * (no state-based check comes between), which differs only for abilities that look at how it
 * entered.
 */
import { registerKeyword } from './registry.js';

registerKeyword('Persist', (keyword, ctx) => {
  if (keyword.args.length > 0) return { error: 'Persist takes no arguments' };
  const back = ctx.svar();
  const counter = ctx.svar('counter');
  const forget = ctx.svar('forget');
  return {
    triggers: [
      `Mode$ ChangesZone | Origin$ Battlefield | Destination$ Graveyard | ValidCard$ Card.Self+counters_EQ0_M1M1 | Execute$ ${back} | TriggerDescription$ Persist`,
    ],
    svars: [
      [back, `DB$ ChangeZone | Defined$ Self | Origin$ Graveyard | Destination$ Battlefield | RememberChanged$ True | SubAbility$ ${counter}`],
      [counter, `DB$ PutCounter | Defined$ Remembered | CounterType$ M1M1 | CounterNum$ 1 | SubAbility$ ${forget}`],
      [forget, 'DB$ Cleanup | ClearRemembered$ True'],
    ],
  };
});
