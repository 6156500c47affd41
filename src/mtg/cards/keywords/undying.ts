/**
 * Undying (CR 702.93a): "When this permanent is put into a graveyard from the battlefield, if it
 * had no +1/+1 counters on it, return it to the battlefield under its owner's control with a
 * +1/+1 counter on it." Persist's twin: both are return-with-counter.ts.
 */
import { registerReturnWithCounter } from './return-with-counter.js';

registerReturnWithCounter('Undying', 'P1P1');
