/**
 * Persist (CR 702.79a) and Undying (CR 702.93a) are one ability with two counters: "When this
 * permanent is put into a graveyard from the battlefield, if it had no <counter> counters on it,
 * return it to the battlefield under its owner's control with a <counter> counter on it."
 *
 * Expanded, as Forge does, into a dies trigger whose condition reads the counters it had as it
 * left (CR 603.10a). "It" is the card in the graveyard (CR 400.7): the trigger's own card
 * (`Self`), moved only while it is still there (`Origin$ Graveyard`). (The engine's
 * `TriggeredCard` names the object that died, which no longer exists.) Forge returns it with
 * `WithCountersType$`; here the counter is put on by a sub-ability right after it returns,
 * before anything else can happen (no state-based check comes between), which differs only for
 * abilities that look at how it entered.
 *
 * Written in terms of `Self`, the expansion means the same when an effect grants the keyword
 * (Undying Evil, Cauldron of Souls): the granted trigger's `Self` is the creature that has it.
 */
import { registerKeyword } from './registry.js';

/**
 * Registers `name` as the dies-and-return keyword whose counter is `counter` (`P1P1`, `M1M1`).
 *
 * @example
 * ```ts
 * registerReturnWithCounter('Undying', 'P1P1');
 * ```
 */
export function registerReturnWithCounter(name: string, counter: string): void {
  registerKeyword(
    name,
    (keyword, ctx) => {
      if (keyword.args.length > 0) return { error: `${name} takes no arguments` };
      const back = ctx.svar();
      const put = ctx.svar('counter');
      const forget = ctx.svar('forget');
      return {
        triggers: [
          `Mode$ ChangesZone | Origin$ Battlefield | Destination$ Graveyard | ValidCard$ Card.Self+counters_EQ0_${counter} | Execute$ ${back} | TriggerDescription$ ${name}`,
        ],
        svars: [
          [back, `DB$ ChangeZone | Defined$ Self | Origin$ Graveyard | Destination$ Battlefield | RememberChanged$ True | SubAbility$ ${put}`],
          [put, `DB$ PutCounter | Defined$ Remembered | CounterType$ ${counter} | CounterNum$ 1 | SubAbility$ ${forget}`],
          [forget, 'DB$ Cleanup | ClearRemembered$ True'],
        ],
      };
    },
    { grantable: true },
  );
}
