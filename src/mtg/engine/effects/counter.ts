/** `Counter` (CR 701.5): the targeted spell or ability is removed from the stack; a spell goes to `Destination$` (its owner's graveyard). */
import { param } from '../cards.js';
import { chars } from '../layers.js';
import { registerEffect } from '../resolve.js';
import { counterItem } from '../stackops.js';
import { remember, targetedItems } from './util.js';
import type { Zone } from '../types.js';
import { declareParamForms, registerPrimitive } from '../../cards/index.js';

const DEST: Record<string, Zone> = {
  Graveyard: 'graveyard',
  Exile: 'exile',
  Hand: 'hand',
  TopOfLibrary: 'library',
  BottomOfLibrary: 'library',
  Battlefield: 'battlefield',
};

registerPrimitive("kw:CARDNAME can't be countered.");

/**
 * The `Defined$` forms Counter honours: its targets, the spell that triggered it
 * (`TriggeredSpellAbility`, a SpellCast trigger) and the spell or ability that targeted the
 * trigger's source (`TriggeredSourceSA`, a BecomesTarget trigger: Jetting Glasskite, Frost Titan).
 * A card writing another form (`Remembered`, `TriggeredCard`) is not counted faithful.
 */
const DEFINED_FORMS = new Set(['Targeted', 'TriggeredSpellAbility', 'TriggeredSourceSA']);
declareParamForms('api:Counter', 'ability', 'Counter', 'Defined', (v) => DEFINED_FORMS.has(v));

registerEffect(
  'Counter',
  function* (run) {
    const g = run.g;
    const items = targetedItems(run);
    const defined = param(run.ref, 'Defined');
    if (defined === 'TriggeredSpellAbility' && run.trigger?.spell !== undefined) {
      const item = g.s.stack.find((s) => s.source === run.trigger!.spell);
      if (item) items.push(item);
    }
    // A BecomesTarget trigger records the stack item that targeted (`spell`: its id, which for an
    // ability is its own, not its source's): "counter that spell or ability" (Jetting Glasskite).
    if (defined === 'TriggeredSourceSA' && run.trigger?.spell !== undefined) {
      const item = g.s.stack.find((s) => s.id === run.trigger!.spell);
      if (item && !items.includes(item)) items.push(item);
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
