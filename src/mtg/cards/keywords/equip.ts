/**
 * Equip (CR 702.6): "[cost]: Attach to target creature you control. Equip only as a sorcery."
 * Forge writes `Equip:<cost>[:<valid targets>[:<description>]]`.
 */
import { costArg, isError, registerKeyword } from './registry.js';

registerKeyword('Equip', (keyword) => {
  const cost = costArg(keyword);
  if (isError(cost)) return cost;
  const valid = keyword.args[1] || 'Creature.YouCtrl';
  const described = keyword.args[2] || 'creature';
  return {
    abilities: [
      `AB$ Attach | Cost$ ${cost} | ValidTgts$ ${valid} | TgtPrompt$ Select target ${described} you control | SorcerySpeed$ True | Equip$ True | SpellDescription$ Equip ${cost}`,
    ],
  };
});
