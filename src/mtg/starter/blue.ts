// Blue starter cards: counterspells, card draw, bounce, fliers and walls, a pinger.
import { starterCard } from './script.js';

export const BLUE = [
  starterCard(
    'Name:Counterspell',
    'ManaCost:U U',
    'Types:Instant',
    'A:SP$ Counter | Cost$ U U | TargetType$ Spell | ValidTgts$ Card | TgtPrompt$ Choose a spell to counter | SpellDescription$ Counter the target spell.',
    'Oracle:Counter a spell of your choice.',
  ),
  starterCard(
    'Name:Essence Scatter',
    'ManaCost:1 U',
    'Types:Instant',
    'A:SP$ Counter | Cost$ 1 U | TargetType$ Spell | ValidTgts$ Creature | TgtPrompt$ Choose a creature spell to counter | SpellDescription$ Counter the target creature spell.',
    'Oracle:Counter a creature spell of your choice.',
  ),
  starterCard(
    'Name:Divination',
    'ManaCost:2 U',
    'Types:Sorcery',
    'A:SP$ Draw | Cost$ 2 U | Defined$ You | NumCards$ 2 | SpellDescription$ You draw two cards.',
    'Oracle:You draw two cards.',
  ),
  starterCard(
    'Name:Concentrate',
    'ManaCost:2 U U',
    'Types:Sorcery',
    'A:SP$ Draw | Cost$ 2 U U | Defined$ You | NumCards$ 3 | SpellDescription$ You draw three cards.',
    'Oracle:You draw three cards.',
  ),
  starterCard(
    'Name:Unsummon',
    'ManaCost:U',
    'Types:Instant',
    "A:SP$ ChangeZone | Cost$ U | ValidTgts$ Creature | TgtPrompt$ Choose a creature to return | Origin$ Battlefield | Destination$ Hand | SpellDescription$ Return the target creature to its owner's hand.",
    "Oracle:A creature of your choice returns to its owner's hand.",
  ),
  starterCard(
    'Name:Jump',
    'ManaCost:U',
    'Types:Instant',
    'A:SP$ Pump | Cost$ U | ValidTgts$ Creature | TgtPrompt$ Choose a creature | KW$ Flying | SpellDescription$ The target creature gains flying until end of turn.',
    'Oracle:A creature of your choice gains flying until end of turn.',
  ),
  starterCard('Name:Wind Drake', 'ManaCost:2 U', 'Types:Creature Drake', 'PT:2/2', 'K:Flying', 'Oracle:Flying'),
  starterCard('Name:Horned Turtle', 'ManaCost:2 U', 'Types:Creature Turtle', 'PT:1/4', 'Oracle:'),
  starterCard('Name:Wall of Air', 'ManaCost:1 U U', 'Types:Creature Wall', 'PT:1/5', 'K:Defender', 'K:Flying', 'Oracle:Defender, flying'),
  starterCard(
    "Name:Man-o'-War",
    'ManaCost:2 U',
    'Types:Creature Jellyfish',
    'PT:2/2',
    "T:Mode$ ChangesZone | Origin$ Any | Destination$ Battlefield | ValidCard$ Card.Self | Execute$ JellyBounce | TriggerDescription$ When CARDNAME enters the battlefield, return target creature to its owner's hand.",
    'SVar:JellyBounce:DB$ ChangeZone | ValidTgts$ Creature | TgtPrompt$ Choose a creature to return | Origin$ Battlefield | Destination$ Hand',
    "Oracle:When this creature enters the battlefield, return target creature to its owner's hand.",
  ),
  starterCard(
    'Name:Prodigal Sorcerer',
    'ManaCost:2 U',
    'Types:Creature Human Wizard',
    'PT:1/1',
    'A:AB$ DealDamage | Cost$ T | ValidTgts$ Creature,Player,Planeswalker | TgtPrompt$ Choose any target | NumDmg$ 1 | SpellDescription$ CARDNAME deals 1 damage to any target.',
    'Oracle:{T}: This creature deals 1 damage to any target.',
  ),
  starterCard('Name:Air Elemental', 'ManaCost:3 U U', 'Types:Creature Elemental', 'PT:4/4', 'K:Flying', 'Oracle:Flying'),
  starterCard('Name:Mahamoti Djinn', 'ManaCost:4 U U', 'Types:Creature Djinn', 'PT:5/6', 'K:Flying', 'Oracle:Flying'),
];
