/** `Counter` (CR 701.5): the targeted spell or ability is removed from the stack; a spell goes to `Destination$` (its owner's graveyard). */
import { param } from '../cards.js';
import { chars } from '../layers.js';
import { registerEffect } from '../resolve.js';
import { counterItem } from '../stackops.js';
import { remember, targetedItems } from './util.js';
import type { Zone } from '../types.js';
import { registerPrimitive } from '../../cards/index.js';

const DEST: Record<string, Zone> = {
  Graveyard: 'graveyard',
  Exile: 'exile',
  Hand: 'hand',
  TopOfLibrary: 'library',
  BottomOfLibrary: 'library',
  Battlefield: 'battlefield',
};

registerPrimitive("kw:CARDNAME can't be countered.");

registerEffect(
  'Counter',
  function* (run) {
    const g = run.g;
    const items = targetedItems(run);
    if (param(run.ref, 'Defined') === 'TriggeredSpellAbility' && run.trigger?.spell !== undefined) {
      const item = g.s.stack.find((s) => s.source === run.trigger!.spell);
      if (item) items.push(item);
    }
    for (const item of items) {
      const card = g.s.objects[item.source];
      // "can't be countered" wins over "counter" (CR 101.2).
      if (item.kind === 'spell' && card && chars(g, card).keywords.includes("CARDNAME can't be countered.")) continue;
      if (param(run.ref, 'RememberCountered') === 'True') remember(run, [{ card: item.source, inc: item.sourceInc }]);
      if (param(run.ref, 'RememberCounteredCMC') === 'True' && card) remember(run, [{ number: chars(g, card).cmc }]);
      // What countered it, for a `Countered` trigger's `ValidCause$` (Baral: "a spell or ability you control counters").
      yield* counterItem(g, item, DEST[param(run.ref, 'Destination') ?? 'Graveyard'] ?? 'graveyard', { card: run.host, inc: run.item?.sourceInc ?? 0 });
    }
  },
  { reads: ['ValidTgts', 'TargetType', 'Destination', 'Defined', 'RememberCountered', 'RememberCounteredCMC'] },
);
