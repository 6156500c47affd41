/**
 * `Haunt` (CR 702.55a; written only by keywords/haunt.ts): "exile it haunting target creature".
 * The card with haunt, put into its owner's graveyard (from the battlefield, or from the stack as
 * it resolved), is exiled, and as the exiled card it haunts the creature targeted (702.55b): the
 * exiled object records that creature as it was then (`haunting`, id and incarnation), which
 * `HauntedBy` reads (select.ts), so "when the creature it haunts dies" (702.55c, a trigger that
 * works from exile) sees it die. The relation ends by itself when either one changes zones (a new
 * object, CR 400.7: zones.ts drops `haunting` as the haunter moves; the creature's new incarnation
 * is not the one haunted). A card no longer in the graveyard is not exiled, and haunts nothing.
 */
import { changeZone } from '../actions.js';
import { maybeObj, touch } from '../context.js';
import { registerEffect } from '../resolve.js';
import { affectedCards } from './util.js';

registerEffect(
  'Haunt',
  function* (run) {
    const g = run.g;
    const card = maybeObj(g, run.host);
    const target = affectedCards(run, undefined).find((o) => o.zone === 'battlefield');
    if (!card || card.token || card.zone !== 'graveyard' || !target) return;
    const [exiled] = yield* changeZone(g, [card], 'exile');
    if (!exiled || exiled.zone !== 'exile') return;
    exiled.haunting = { card: target.id, inc: target.inc };
    touch(g);
  },
  { reads: ['ValidTgts'] },
);
