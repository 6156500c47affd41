/**
 * Ingest (CR 702.115a): "Whenever this creature deals combat damage to a player, that player
 * exiles the top card of their library."
 */
import { registerKeyword } from './registry.js';

registerKeyword('Ingest', (keyword, ctx) => {
  if (keyword.args.length > 0) return { error: 'Ingest takes no arguments' };
  const exile = ctx.svar();
  return {
    triggers: [
      `Mode$ DamageDone | ValidSource$ Card.Self | ValidTarget$ Player | CombatDamage$ True | TriggerZones$ Battlefield | Execute$ ${exile} | TriggerDescription$ Ingest`,
    ],
    svars: [[exile, 'DB$ Mill | Defined$ TriggeredTarget | NumCards$ 1 | Destination$ Exile']],
  };
});
