/**
 * Suspend N—[cost] (CR 702.62a): "If you could begin to cast this card by putting it onto the
 * stack from your hand, you may pay [cost] and exile it with N time counters on it. This action
 * doesn't use the stack," "At the beginning of your upkeep, if this card is suspended, remove a
 * time counter from it," and "When the last time counter is removed from this card, if it's
 * exiled, you may play it without paying its mana cost if able. If you don't, it remains exiled.
 * If you cast a creature spell this way, it gains haste until you lose control of the spell or the
 * permanent it becomes."
 *
 * Written as: an ability from the hand at the timing the card could be cast at (sorcery speed
 * unless it is an instant or has flash) that the engine takes as a special action (CR 116.2f: it
 * does not use the stack; src/mtg/engine/cast.ts, by this keyword's origin); an upkeep trigger in
 * exile while it has a time counter, which removes one and, when none is left, casts it
 * (`Play`, optional, without paying its mana cost); the cast is recorded as `suspend`, and a
 * static gives the permanent it becomes haste (`Card.Self+suspendCast`). Where Forge has the
 * last counter's removal trigger a second ability, here the cast is part of the upkeep ability:
 * nothing can happen between the removal and the cast. `Suspend:X:…` (X time counters) is not
 * written yet: it stays the keyword (given back as it is written).
 */
import { costArg, isError, registerKeyword } from './registry.js';

registerKeyword('Suspend', (keyword, ctx) => {
  const n = keyword.args[0]?.trim() ?? '';
  // `Suspend:X:…` is the keyword still (kw:Suspend, which the engine does not implement): those
  // cards stay unplayable, and this is not a script error, so no diagnostic.
  if (!/^\d+$/.test(n)) return { keywords: [keyword.text] };
  const cost = costArg(keyword, 1);
  if (isError(cost)) return cost;
  const instant = ctx.face.types.cardTypes.includes('Instant') || ctx.face.keywords.some((k) => k.name === 'Flash');
  const counters = ctx.svar('counters');
  const remove = ctx.svar('remove');
  const cast = ctx.svar('cast');
  const time = ctx.svar('time');
  return {
    abilities: [
      `AB$ ChangeZone | Cost$ ${cost} | ActivationZone$ Hand | Defined$ Self | Origin$ Hand | Destination$ Exile${instant ? '' : ' | SorcerySpeed$ True'} | SubAbility$ ${counters} | PrecostDesc$ Suspend ${n}— | SpellDescription$ Suspend ${n}—${cost}: exile it with ${n} time counters on it.`,
    ],
    triggers: [
      `Mode$ Phase | Phase$ Upkeep | ValidPlayer$ You | TriggerZones$ Exile | CheckSVar$ ${time} | SVarCompare$ GE1 | Execute$ ${remove} | TriggerDescription$ At the beginning of your upkeep, if CARDNAME is suspended, remove a time counter from it. When the last is removed, you may cast it without paying its mana cost.`,
    ],
    statics: ['Mode$ Continuous | Affected$ Card.Self+suspendCast | AddKeyword$ Haste | Description$ Cast with suspend, CARDNAME has haste.'],
    svars: [
      [counters, `DB$ PutCounter | Defined$ Self | CounterType$ TIME | CounterNum$ ${n}`],
      [remove, `DB$ RemoveCounter | Defined$ Self | CounterType$ TIME | CounterNum$ 1 | SubAbility$ ${cast}`],
      [cast, `DB$ Play | Defined$ Self | WithoutManaCost$ True | Optional$ True | ConditionCheckSVar$ ${time} | ConditionSVarCompare$ EQ0`],
      [time, 'Count$CardCounters.TIME'],
    ],
  };
});
