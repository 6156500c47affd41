/**
 * `ReplaceEffect`: inside a replacement effect's `ReplaceWith$` ability, changes the event being
 * replaced instead of doing something else in its place, and the modified event then happens
 * (CR 614.1a "instead", 614.6; a prevention shield that prevents only part of the damage,
 * CR 615.1a: Forcefield's "prevent all but 1 of that damage").
 *
 * `VarName$` names the part of the event and `VarValue$` its new value. Only the parts of events
 * the engine's replacement module runs are supported: `DamageAmount` for `DamageDone`. The
 * corpus also uses `Affected` (redirecting damage to another player or permanent), `CounterNum`,
 * `TokenNum`, `LifeGained` and `SurveilNum` (for events whose replacements the engine does not
 * run yet); those are reported as unsupported and leave the event as it was.
 */
import { param } from '../cards.js';
import { unsupported } from '../context.js';
import { registerEffect } from '../resolve.js';
import { evalNumber } from '../values.js';

/** Forge's variable names for the parts of an event, mapped to the keys of `Run.replaced`. */
const NUMERIC_VARS: Record<string, string> = { DamageAmount: 'amount' };

registerEffect(
  'ReplaceEffect',
  function* (run) {
    const event = run.replaced;
    const name = param(run.ref, 'VarName') ?? '';
    const key = NUMERIC_VARS[name];
    // Outside a replacement (a misused script) there is no event to change.
    if (!event || key === undefined || typeof event[key] !== 'number') {
      unsupported(run.g, `replace-effect:${name}`);
      return;
    }
    event[key] = Math.max(0, evalNumber(run, param(run.ref, 'VarValue')));
    // Tells the replacement module that the event goes on, modified, rather than being replaced.
    event['modified'] = true;
  },
  { reads: ['VarName', 'VarValue'] },
);
