/**
 * Persist (CR 702.79a): "When this permanent is put into a graveyard from the battlefield, if it
 * had no -1/-1 counters on it, return it to the battlefield under its owner's control with a
 * -1/-1 counter on it." Undying's twin: both are return-with-counter.ts.
 */
import { registerReturnWithCounter } from './return-with-counter.js';

registerReturnWithCounter('Persist', 'M1M1');
