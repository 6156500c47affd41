/**
 * Panharmonicon's rule (`K:Panharmonicon:<valid>:<text>`, Panharmonicon and Naban, Dean of
 * Iteration): "If an artifact or creature entering the battlefield causes a triggered ability of a
 * permanent you control to trigger, that ability triggers an additional time" (CR 603.2d: an effect
 * may make an ability trigger additional times). `<valid>` is what must enter (`Creature,Artifact`;
 * Naban's `Wizard.YouCtrl`), read from the static's controller (a comma list is a
 * list of alternatives, as every selector is). Each such permanent adds one more
 * time (two Panharmonicons: three times). Only the triggers of permanents count, not delayed
 * triggers (CR 603.2e) nor abilities of cards in other zones; a Panharmonicon entering at the same
 * time as the creature applies, as it is on the battlefield when the event's triggers are checked.
 */
import type { Seat } from './choice.js';
import { derived, type G } from './context.js';
import { chars } from './layers.js';
import { matchesCard, seenLki } from './select.js';
import type { Lki } from './types.js';
import { registerPrimitive } from '../cards/index.js';

registerPrimitive('kw:Panharmonicon');

type Harmonicon = { host: number; controller: Seat; valid: string };

/** The Panharmonicon statics on the battlefield, with their controllers (once per state version). */
function harmonicons(g: G): readonly Harmonicon[] {
  return derived(g, 'panharmonicons', () => {
    const out: Harmonicon[] = [];
    for (const id of g.s.zones['battlefield']!) {
      const c = chars(g, g.s.objects[id]!);
      for (const k of c.keywords) {
        if (!k.startsWith('Panharmonicon:')) continue;
        const valid = k.split(':')[1];
        if (valid) out.push({ host: id, controller: c.controller, valid });
      }
    }
    return out;
  });
}

/**
 * How many additional times a triggered ability of a permanent `controller` controls triggers
 * because `entered` entered the battlefield: one for each Panharmonicon static that controller
 * has whose `<valid>` the entering object matches.
 *
 * @example
 * ```ts
 * extraEnterTriggers(g, 0, lkiOf(g, bears)); // 1 with Panharmonicon, 2 with two
 * ```
 */
export function extraEnterTriggers(g: G, controller: Seat, entered: Lki): number {
  const list = harmonicons(g);
  if (list.length === 0) return 0;
  let n = 0;
  for (const h of list) {
    if (h.controller !== controller) continue;
    const run = { g, you: h.controller, host: h.host };
    if (matchesCard(run, h.valid, seenLki(run, entered))) n++;
  }
  return n;
}
