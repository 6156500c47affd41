/** `TapOrUntap`: the controller chooses to tap or untap each target. */
import { askYesNo, type YesNoAbout } from '../ask.js';
import { chars } from '../layers.js';
import { tapObject, untapObject } from '../actions.js';
import { registerEffect } from '../resolve.js';
import { affectedCards } from './util.js';

registerEffect(
  'TapOrUntap',
  function* (run) {
    for (const o of affectedCards(run)) {
      if (o.zone !== 'battlefield') continue;
      const c = chars(run.g, o);
      const host = run.g.s.objects[run.host];
      const about: YesNoAbout = {
        kind: 'tap-or-untap',
        source: host ? { id: host.id, name: chars(run.g, host).name } : null,
        controller: run.you,
        effects: [{ api: 'Tap', targets: [{ card: o.id, name: c.name, controller: c.controller }] }],
      };
      if (yield* askYesNo(run.g, run.you, `Tap ${c.name}? (no: untap it)`, about)) tapObject(run.g, o);
      else untapObject(run.g, o);
    }
  },
  { reads: ['Defined', 'ValidTgts'] },
);
