/**
 * Bestow (CR 702.103a): "As you cast this spell, you may choose to cast it bestowed. If you do,
 * you pay [cost] rather than its mana cost." Cast bestowed, the spell is an Aura spell with
 * enchant creature (CR 702.103b), so it targets a creature as any Aura spell does (CR 601.2c,
 * 303.4a): written here, as Forge writes it, as a second spell ability of the face, an `SP$ Attach`
 * with the bestow cost for its `Cost$` (an alternative cost, CR 118.9: the mana value stays the
 * printed one, CR 118.9c) targeting a creature. The engine offers it beside the plain creature
 * spell as `cast NAME (bestow)` (activation.ts, cast.ts), marks the card bestowed as it moves to
 * the stack, and makes a bestowed object an Aura enchantment with enchant creature and no creature
 * type (layers.ts); it stops being bestowed when its target is illegal as it resolves (CR
 * 702.103e: it resolves as a creature spell, resolve.ts) and when the Aura becomes unattached or
 * is attached illegally (CR 702.103f: it stays on the battlefield as a creature, sba.ts).
 */
import { costArg, isError, registerKeyword } from './registry.js';

registerKeyword('Bestow', (keyword) => {
  const cost = costArg(keyword);
  if (isError(cost)) return cost;
  // A second argument is an AI hint (`Bestow:5 U U:GainControl`, Hypnotic Siren: put it on the
  // opponent's creature), not rules text; passed on as the spell's `AILogic$`, `Pump` otherwise.
  if (keyword.args.length > 2) return { error: 'Bestow takes a cost and at most an AI hint: Bestow:<cost>[:<hint>]' };
  const logic = keyword.args[1]?.trim() || 'Pump';
  return {
    abilities: [
      `SP$ Attach | Cost$ ${cost} | ValidTgts$ Creature | TgtPrompt$ Select target creature | AILogic$ ${logic} | SpellDescription$ Bestow ${cost} (If you cast this card for its bestow cost, it's an Aura spell with enchant creature. It becomes a creature again if it's not attached to a creature.)`,
    ],
  };
});
