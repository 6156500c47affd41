/**
 * Tribute (CR 702.104a): "As this creature enters, choose an opponent. That player may put an
 * additional N +1/+1 counters on it as it enters." The engine's `ETBReplacement` keyword (a
 * replacement as it enters, CR 614.1c) names a `PutCounter` with `ETB$` whose "may" is the
 * opponent's (`OptionalDecider$ Opponent`; with two players the opponent is the only choice);
 * `Tribute$ True` marks the creature as one whose tribute was paid (CR 702.104b), read by
 * `IsTributed` / `IsNotTributed`. The cards write their "When this creature enters, if tribute
 * wasn't paid, ..." as the SVar `TrigNotTribute`, as Forge generates the trigger itself: it is
 * written here, an intervening "if" (CR 603.4) on the creature that entered.
 */
import { amountArg, isError, registerKeyword } from './registry.js';

registerKeyword('Tribute', (keyword, ctx) => {
  const n = amountArg(keyword, ctx);
  if (isError(n)) return n;
  const counters = ctx.svar('counters');
  const triggers = ctx.hasSVar('TrigNotTribute')
    ? [
        "Mode$ ChangesZone | Origin$ Any | Destination$ Battlefield | ValidCard$ Card.Self+IsNotTributed | Execute$ TrigNotTribute | TriggerDescription$ When CARDNAME enters, if tribute wasn't paid, ...",
      ]
    : [];
  return {
    keywords: [`ETBReplacement:Other:${counters}`],
    triggers,
    svars: [
      [
        counters,
        `DB$ PutCounter | Defined$ Self | ETB$ True | CounterType$ P1P1 | CounterNum$ ${n} | OptionalDecider$ Opponent | Tribute$ True | SpellDescription$ Tribute ${n} (As this creature enters, an opponent of your choice may put ${n} +1/+1 counters on it.)`,
      ],
    ],
  };
});
