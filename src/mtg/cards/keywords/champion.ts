/**
 * Champion (CR 702.72a): "Champion an [object]" means "When this permanent enters, sacrifice it
 * unless you exile another [object] you control" and "When this permanent leaves the
 * battlefield, return the exiled card to the battlefield under its owner's control." Written as
 * Forge writes it: an enters trigger that lets its controller choose up to one other [object]
 * they control (`Hidden$`: a choice, not a target, so shroud and protection do not stop it) and
 * exile it, remembering it, then sacrifices the champion when nothing was exiled (CR 702.72b: the
 * card is "championed" by it); and a leaves trigger that returns what it remembered from exile
 * (CR 603.10a: it looks back at the champion as it left). `Champion:Goblin,Shaman` is "a Goblin or
 * Shaman"; `Creature` is "a creature".
 */
import { registerKeyword } from './registry.js';

registerKeyword('Champion', (keyword, ctx) => {
  const kinds = (keyword.args[0] ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter((k) => k !== '');
  if (kinds.length === 0 || kinds.some((k) => !/^[A-Za-z-]+$/.test(k)))
    return { error: 'Champion needs the kind of permanent it champions: Champion:<Type>[,<Type>...]' };
  const valid = kinds.map((k) => `${k}.Other+YouCtrl`).join(',');
  const what = kinds.join(' or ');
  const exile = ctx.svar('exile');
  const sacrifice = ctx.svar('sacrifice');
  const back = ctx.svar('return');
  const forget = ctx.svar('forget');
  return {
    triggers: [
      `Mode$ ChangesZone | Origin$ Any | Destination$ Battlefield | ValidCard$ Card.Self | Execute$ ${exile} | TriggerDescription$ Champion a ${what} (When this enters, sacrifice it unless you exile another ${what} you control.)`,
      `Mode$ ChangesZone | Origin$ Battlefield | Destination$ Any | ValidCard$ Card.Self | Execute$ ${back} | TriggerDescription$ When this leaves the battlefield, the card it championed returns to the battlefield under its owner's control.`,
    ],
    svars: [
      [
        exile,
        `DB$ ChangeZone | Origin$ Battlefield | Destination$ Exile | Hidden$ True | ChangeType$ ${valid} | ChangeNum$ 1 | RememberChanged$ True | SubAbility$ ${sacrifice}`,
      ],
      [sacrifice, 'DB$ Sacrifice | Defined$ Self | ConditionDefined$ Remembered | ConditionPresent$ Card | ConditionCompare$ EQ0'],
      [back, `DB$ ChangeZone | Defined$ Remembered | Origin$ Exile | Destination$ Battlefield | SubAbility$ ${forget}`],
      [forget, 'DB$ Cleanup | ClearRemembered$ True'],
    ],
  };
});
