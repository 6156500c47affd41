/**
 * Haunt (CR 702.55), Forge's `Haunt:<SVar>`, on a creature: "When this creature enters or the
 * creature it haunts dies, [the SVar's ability]", and haunt itself, "When this permanent is put
 * into a graveyard from the battlefield, exile it haunting target creature" (702.55a). Expanded as
 * Forge's CardFactoryUtil does: an enters trigger running the SVar; a dies trigger whose `Haunt`
 * effect exiles the card haunting its target (engine/effects/haunt.ts); and a trigger that works
 * from exile (702.55c) when a creature the card haunts (`Creature.HauntedBy`, select.ts) goes from
 * the battlefield to a graveyard, running the SVar again. Forge's two "unhaunt" triggers are not
 * needed: the relation names the objects, which zone changes end (CR 400.7).
 *
 * Not expanded: haunt on an instant or sorcery ("when this spell is put into a graveyard during its
 * resolution", Cry of Contrition, Seize the Soul, Benediction of Moons), whose Forge script writes
 * no spell ability of its own: those stay a `kw:Haunt` primitive the engine lacks.
 */
import { registerKeyword } from './registry.js';

registerKeyword('Haunt', (keyword, ctx) => {
  const exec = keyword.args[0]?.trim() ?? '';
  if (exec === '' || !ctx.hasSVar(exec)) return { error: 'Haunt takes the name of an SVar of the card' };
  if (!ctx.face.types.cardTypes.includes('Creature')) return { unsupported: 'Haunt on an instant or sorcery' };
  const haunt = ctx.svar('haunt');
  const what = 'When this creature enters or the creature it haunts dies, ';
  return {
    triggers: [
      `Mode$ ChangesZone | Origin$ Any | Destination$ Battlefield | ValidCard$ Card.Self | Execute$ ${exec} | TriggerDescription$ ${what}`,
      `Mode$ ChangesZone | Origin$ Battlefield | Destination$ Graveyard | ValidCard$ Card.Self | Execute$ ${haunt} | TriggerDescription$ Haunt (When this creature dies, exile it haunting target creature.)`,
      `Mode$ ChangesZone | Origin$ Battlefield | Destination$ Graveyard | TriggerZones$ Exile | ValidCard$ Creature.HauntedBy | Execute$ ${exec} | TriggerDescription$ ${what}`,
    ],
    svars: [[haunt, 'DB$ Haunt | ValidTgts$ Creature | TgtPrompt$ Choose target creature to haunt']],
  };
});
