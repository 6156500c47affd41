/**
 * Evolve (CR 702.100a): "Whenever a creature you control enters, if that creature's power is
 * greater than this creature's power and/or that creature's toughness is greater than this
 * creature's toughness, put a +1/+1 counter on this creature." An intervening if (CR 603.4,
 * 702.100b): compared as it triggers (the trigger's ValidCard$) and again as it resolves (the
 * counter's condition), each time with this creature's power and toughness then.
 */
import { registerKeyword } from './registry.js';

registerKeyword('Evolve', (keyword, ctx) => {
  if (keyword.args.length > 0) return { error: 'Evolve takes no arguments' };
  const counter = ctx.svar('counter');
  const power = ctx.svar('power');
  const toughness = ctx.svar('toughness');
  const bigger = `Creature.powerGT${power},Creature.toughnessGT${toughness}`;
  return {
    triggers: [
      `Mode$ ChangesZone | Origin$ Any | Destination$ Battlefield | ValidCard$ Creature.Other+YouCtrl+powerGT${power},Creature.Other+YouCtrl+toughnessGT${toughness} | TriggerZones$ Battlefield | Execute$ ${counter} | TriggerDescription$ Evolve (Whenever a creature enters under your control, if that creature has greater power or toughness than this creature, put a +1/+1 counter on this creature.)`,
    ],
    svars: [
      [counter, `DB$ PutCounter | Defined$ Self | CounterType$ P1P1 | CounterNum$ 1 | ConditionDefined$ TriggeredCard | ConditionPresent$ ${bigger}`],
      [power, 'Count$CardPower'],
      [toughness, 'Count$CardToughness'],
    ],
  };
});
