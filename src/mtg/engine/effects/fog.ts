/** `Fog`: prevent all combat damage that would be dealt this turn (CR 615). */
import { touch } from '../context.js';
import { registerEffect } from '../resolve.js';

registerEffect(
  'Fog',
  function* (run) {
    run.g.s.turnFacts.fog = true;
    touch(run.g);
  },
  { reads: [] },
);
