/**
 * Modular N (CR 702.43a): "This permanent enters with N +1/+1 counters on it" and "When this
 * permanent is put into a graveyard from the battlefield, you may put a +1/+1 counter on target
 * artifact creature for each +1/+1 counter on this permanent." The counters it enters with are the
 * engine's etbCounter (CR 614.1c); the dies trigger counts the counters it had as it left, its
 * last-known information (CR 603.10a). `Modular:Sunburst` (Arcbound Wanderer, CR 702.43b: its
 * counters come from sunburst) gives the face the Sunburst keyword for the counters instead, so
 * the card needs kw:Sunburst, which the engine does not implement yet.
 */
import { isError, registerKeyword, amountArg } from './registry.js';

registerKeyword('Modular', (keyword, ctx) => {
  const arg = keyword.args[0]?.toLowerCase() === 'sunburst' ? 'Sunburst' : amountArg(keyword, ctx);
  if (isError(arg)) return arg;
  const n = arg;
  const sunburst = n.toLowerCase() === 'sunburst';
  if (!sunburst && !/^\d+$/.test(n)) return { error: `Modular:${n} needs a number of counters or Sunburst` };
  const move = ctx.svar('move');
  const count = ctx.svar('count');
  return {
    keywords: [sunburst ? 'Sunburst' : `etbCounter:P1P1:${n}`],
    triggers: [
      `Mode$ ChangesZone | Origin$ Battlefield | Destination$ Graveyard | ValidCard$ Card.Self | OptionalDecider$ You | Execute$ ${move} | TriggerDescription$ Modular ${n} (When this dies, you may put its +1/+1 counters on target artifact creature.)`,
    ],
    svars: [
      [move, `DB$ PutCounter | ValidTgts$ Artifact.Creature | TgtPrompt$ Select target artifact creature | CounterType$ P1P1 | CounterNum$ ${count}`],
      [count, 'TriggeredCard$CardCounters.P1P1'],
    ],
  };
});
