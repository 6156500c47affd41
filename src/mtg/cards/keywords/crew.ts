/**
 * Crew N (CR 702.122a): "Tap any number of untapped creatures you control with total power N or
 * more: This Vehicle becomes an artifact creature until end of turn." Written `K:Crew:N`. The cost
 * is the engine's `Crew<N>` cost part (costs.ts); the effect an ordinary `Animate` of the Vehicle
 * itself, which lasts until end of turn (CR 702.122a, 611.2a).
 */
import { registerKeyword } from './registry.js';

registerKeyword('Crew', (keyword) => {
  const n = keyword.args[0];
  if (n === undefined || !/^\d+$/.test(n)) return { error: 'Crew needs the total power to tap: Crew:<N>' };
  return {
    abilities: [`AB$ Animate | Cost$ Crew<${n}> | Defined$ Self | Types$ Creature,Artifact | SpellDescription$ Crew ${n}`],
  };
});
