/**
 * Living weapon (CR 702.92a): "When this Equipment enters, create a 0/0 black Phyrexian Germ
 * creature token, then attach this Equipment to it." An enters trigger making the token inline
 * (the corpus has no Germ token script), remembering it, then `Attach` of the Equipment to what it
 * remembered. The Equipment's own static ability (Batterskull's +4/+4) then keeps the Germ alive;
 * a Germ left 0/0 (the attach failed, the Equipment left first) dies to state-based actions
 * (CR 704.5f), as it should.
 */
import { registerKeyword } from './registry.js';

registerKeyword('Living weapon', (keyword, ctx) => {
  if (keyword.args.length > 0) return { error: 'Living weapon takes no arguments' };
  const token = ctx.svar('germ');
  const attach = ctx.svar('attach');
  const forget = ctx.svar('forget');
  return {
    triggers: [
      `Mode$ ChangesZone | Origin$ Any | Destination$ Battlefield | ValidCard$ Card.Self | Execute$ ${token} | TriggerDescription$ Living weapon (When this Equipment enters, create a 0/0 black Phyrexian Germ creature token, then attach this to it.)`,
    ],
    svars: [
      [
        token,
        `DB$ Token | TokenAmount$ 1 | TokenName$ Phyrexian Germ | TokenTypes$ Creature,Phyrexian,Germ | TokenColors$ Black | TokenPower$ 0 | TokenToughness$ 0 | TokenOwner$ You | RememberTokens$ True | SubAbility$ ${attach}`,
      ],
      [attach, `DB$ Attach | Defined$ Remembered | SubAbility$ ${forget}`],
      [forget, 'DB$ Cleanup | ClearRemembered$ True'],
    ],
  };
});
