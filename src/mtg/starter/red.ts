// Red starter cards: burn, hasty and menacing attackers, a wall, tokens, pump.
import { starterCard } from './script.js';

export const RED = [
  starterCard(
    'Name:Lightning Bolt',
    'ManaCost:R',
    'Types:Instant',
    'A:SP$ DealDamage | Cost$ R | ValidTgts$ Creature,Player,Planeswalker | TgtPrompt$ Choose any target | NumDmg$ 3 | SpellDescription$ CARDNAME deals 3 damage to any target.',
    'Oracle:Deals 3 damage to any target.',
  ),
  starterCard(
    'Name:Shock',
    'ManaCost:R',
    'Types:Instant',
    'A:SP$ DealDamage | Cost$ R | ValidTgts$ Creature,Player,Planeswalker | TgtPrompt$ Choose any target | NumDmg$ 2 | SpellDescription$ CARDNAME deals 2 damage to any target.',
    'Oracle:Deals 2 damage to any target.',
  ),
  starterCard(
    'Name:Volcanic Hammer',
    'ManaCost:1 R',
    'Types:Sorcery',
    'A:SP$ DealDamage | Cost$ 1 R | ValidTgts$ Creature,Player,Planeswalker | TgtPrompt$ Choose any target | NumDmg$ 3 | SpellDescription$ CARDNAME deals 3 damage to any target.',
    'Oracle:Deals 3 damage to any target.',
  ),
  starterCard(
    'Name:Lava Axe',
    'ManaCost:4 R',
    'Types:Sorcery',
    'A:SP$ DealDamage | Cost$ 4 R | ValidTgts$ Player,Planeswalker | TgtPrompt$ Choose a player or planeswalker | NumDmg$ 5 | SpellDescription$ CARDNAME deals 5 damage to the target player or planeswalker.',
    'Oracle:Deals 5 damage to a player or planeswalker of your choice.',
  ),
  starterCard('Name:Raging Goblin', 'ManaCost:R', 'Types:Creature Goblin Berserker', 'PT:1/1', 'K:Haste', 'Oracle:Haste'),
  starterCard('Name:Boggart Brute', 'ManaCost:2 R', 'Types:Creature Goblin Warrior', 'PT:3/2', 'K:Menace', 'Oracle:Menace'),
  starterCard('Name:Gray Ogre', 'ManaCost:2 R', 'Types:Creature Ogre', 'PT:2/2', 'Oracle:'),
  starterCard('Name:Hill Giant', 'ManaCost:3 R', 'Types:Creature Giant', 'PT:3/3', 'Oracle:'),
  starterCard('Name:Wall of Stone', 'ManaCost:1 R R', 'Types:Creature Wall', 'PT:0/8', 'K:Defender', 'Oracle:Defender'),
  starterCard(
    'Name:Dragon Fodder',
    'ManaCost:1 R',
    'Types:Sorcery',
    'A:SP$ Token | Cost$ 1 R | TokenAmount$ 2 | TokenName$ Goblin | TokenTypes$ Creature,Goblin | TokenOwner$ You | TokenColors$ Red | TokenPower$ 1 | TokenToughness$ 1 | SpellDescription$ You create two 1/1 red Goblin creature tokens.',
    'Oracle:You create two 1/1 red Goblin creature tokens.',
  ),
  starterCard(
    'Name:Brute Force',
    'ManaCost:R',
    'Types:Instant',
    'A:SP$ Pump | Cost$ R | ValidTgts$ Creature | TgtPrompt$ Choose a creature | NumAtt$ +3 | NumDef$ +3 | SpellDescription$ The target creature gets +3/+3 until end of turn.',
    'Oracle:A creature of your choice gets +3/+3 until end of turn.',
  ),
  starterCard(
    'Name:Giant Strength',
    'ManaCost:R R',
    'Types:Enchantment Aura',
    'K:Enchant creature',
    'A:SP$ Attach | Cost$ R R | ValidTgts$ Creature | TgtPrompt$ Choose a creature to enchant',
    'S:Mode$ Continuous | Affected$ Creature.EnchantedBy | AddPower$ 2 | AddToughness$ 2 | Description$ The enchanted creature gets +2/+2.',
    'Oracle:Enchant creature\\nThe enchanted creature gets +2/+2.',
  ),
];
