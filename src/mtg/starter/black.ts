// Black starter cards: deathtouch, removal, a tutor, card draw paid for in life.
import { starterCard } from './script.js';

export const BLACK = [
  starterCard('Name:Typhoid Rats', 'ManaCost:B', 'Types:Creature Rat', 'PT:1/1', 'K:Deathtouch', 'Oracle:Deathtouch'),
  starterCard('Name:Scathe Zombies', 'ManaCost:2 B', 'Types:Creature Zombie', 'PT:2/2', 'Oracle:'),
  starterCard(
    'Name:Royal Assassin',
    'ManaCost:1 B B',
    'Types:Creature Human Assassin',
    'PT:1/1',
    'A:AB$ Destroy | Cost$ T | ValidTgts$ Creature.tapped | TgtPrompt$ Choose a tapped creature | SpellDescription$ Destroy the target tapped creature.',
    'Oracle:{T}: Destroy a tapped creature of your choice.',
  ),
  starterCard(
    'Name:Terror',
    'ManaCost:1 B',
    'Types:Instant',
    "A:SP$ Destroy | Cost$ 1 B | ValidTgts$ Creature.nonArtifact+nonBlack | TgtPrompt$ Choose a nonartifact, nonblack creature | NoRegen$ True | SpellDescription$ Destroy the target nonartifact, nonblack creature. It can't be regenerated.",
    "Oracle:Destroy a nonartifact, nonblack creature of your choice; it can't be regenerated.",
  ),
  starterCard(
    'Name:Demonic Tutor',
    'ManaCost:1 B',
    'Types:Sorcery',
    'A:SP$ ChangeZone | Cost$ 1 B | Origin$ Library | Destination$ Hand | ChangeType$ Card | ChangeNum$ 1 | Mandatory$ True | SpellDescription$ Search your library for any card, put it into your hand, then shuffle.',
    'Oracle:Search your library for a card, put that card into your hand, then shuffle.',
  ),
  starterCard(
    'Name:Sign in Blood',
    'ManaCost:B B',
    'Types:Sorcery',
    'A:SP$ Draw | Cost$ B B | ValidTgts$ Player | TgtPrompt$ Choose a player | NumCards$ 2 | SubAbility$ BloodPrice | SpellDescription$ The target player draws two cards and loses 2 life.',
    'SVar:BloodPrice:DB$ LoseLife | Defined$ Targeted | LifeAmount$ 2',
    'Oracle:A player of your choice draws two cards, then loses 2 life.',
  ),
];
