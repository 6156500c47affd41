/**
 * `TapOrUntapAll` (Faces of the Past, written `TaporUntapAll`): the ability's controller chooses to tap every untapped
 * permanent matching `ValidCards$`, or to untap every tapped one. The set is read once, before
 * anything taps, so the choice applies to one group.
 */
import { askYesNo, type YesNoAbout } from '../ask.js';
import { param } from '../cards.js';
import { chars } from '../layers.js';
import { tapObject, untapObject } from '../actions.js';
import { registerEffect } from '../resolve.js';
import { objectMatches } from '../select.js';
import { cardsIn } from './util.js';

registerEffect(
  'TapOrUntapAll',
  function* (run) {
    const sel = param(run.ref, 'ValidCards') ?? 'Permanent';
    const matching = cardsIn(run.g, 'battlefield').filter((o) => objectMatches(run, sel, o));
    if (matching.length === 0) return;
    const host = run.g.s.objects[run.host];
    const untapped = matching.filter((o) => !o.tapped);
    const about: YesNoAbout = {
      kind: 'tap-or-untap',
      source: host ? { id: host.id, name: chars(run.g, host).name } : null,
      controller: run.you,
      effects: [{ api: 'Tap', targets: untapped.map((o) => ({ card: o.id, name: chars(run.g, o).name, controller: chars(run.g, o).controller })) }],
    };
    const what = param(run.ref, 'ValidMessage') ?? 'matching permanents';
    const tap = yield* askYesNo(run.g, run.you, `Tap all untapped ${what}? (no: untap all tapped ones)`, about);
    for (const o of matching) {
      if (tap) tapObject(run.g, o);
      else untapObject(run.g, o);
    }
  },
  { reads: ['ValidCards', 'ValidMessage'] },
);
