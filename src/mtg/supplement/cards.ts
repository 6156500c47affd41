/**
 * Cards the first target's decks play that Forge's corpus does not have, written by us in the
 * same script format (docs/mtg/decks.md, "Cards Forge lacks"). Two of them are dexterity cards
 * whose printed rules need a table and a hand; their scripts are our digital reading of them,
 * chosen so a game stays a pure function of its seeds and choices.
 */
import { starterCard } from '../starter/script.js';

export const SUPPLEMENT_CARDS = [
  // Printed: flip Chaos Orb from a height of at least one foot; if it turns over completely, destroy
  // every nontoken permanent it touches, then destroy Chaos Orb. A skilled flip hits exactly what
  // its owner aims at, so we let the controller aim: one target, then Chaos Orb is destroyed.
  // Like the printed card, it only works while Chaos Orb is on the battlefield (an activated ability).
  starterCard(
    'Name:Chaos Orb',
    'ManaCost:2',
    'Types:Artifact',
    'A:AB$ Destroy | Cost$ 1 T | ValidTgts$ Permanent.nonToken | TgtPrompt$ Select the nontoken permanent Chaos Orb lands on | SubAbility$ DBDestroyOrb | SpellDescription$ Destroy target nontoken permanent (the one Chaos Orb is flipped onto), then destroy Chaos Orb.',
    'SVar:DBDestroyOrb:DB$ Destroy | Defined$ Self',
    'Oracle:{1}, {T}: If Chaos Orb is on the battlefield, flip Chaos Orb onto the battlefield from a height of at least one foot. If Chaos Orb turns over completely at least once during the flip, destroy all nontoken permanents it touches. Then destroy Chaos Orb.',
  ),
  // Printed: flip Falling Star onto the playing area; 3 damage to each creature it lands on, and
  // those dealt damage that aren't destroyed become tapped. The caster aims it at one creature.
  starterCard(
    'Name:Falling Star',
    'ManaCost:2 R',
    'Types:Sorcery',
    'A:SP$ DealDamage | Cost$ 2 R | ValidTgts$ Creature | TgtPrompt$ Select the creature Falling Star lands on | NumDmg$ 3 | SubAbility$ DBTap | SpellDescription$ Falling Star deals 3 damage to target creature (the one it lands on). Tap it if it is not destroyed.',
    'SVar:DBTap:DB$ Tap | Defined$ Targeted',
    "Oracle:Flip Falling Star onto the playing area from a height of at least one foot. Falling Star deals 3 damage to each creature it lands on. Tap all creatures dealt damage by Falling Star that aren't destroyed.",
  ),
  starterCard(
    'Name:Earthquake Dragon',
    'ManaCost:14 G',
    'Types:Creature Elemental Dragon',
    'PT:10/10',
    'S:Mode$ ReduceCost | ValidCard$ Card.Self | Type$ Spell | Amount$ X | EffectZone$ All | Description$ This spell costs {X} less to cast, where X is the total mana value of Dragons you control.',
    'SVar:X:Count$SumCMC_Dragon.YouCtrl',
    'K:Flying',
    'K:Trample',
    'A:AB$ ChangeZone | Cost$ 2 G Sac<1/Land> | ActivationZone$ Graveyard | Defined$ Self | Origin$ Graveyard | Destination$ Hand | SpellDescription$ Return CARDNAME from your graveyard to your hand.',
    'Oracle:This spell costs {X} less to cast, where X is the total mana value of Dragons you control.\\nFlying, trample\\n{2}{G}, Sacrifice a land: Return Earthquake Dragon from your graveyard to your hand.',
  ),
];
