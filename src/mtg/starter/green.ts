// Green starter cards: mana, big and trampling creatures, reach and deathtouch, pump, counters,
// and a land search (a tutor: ChangeZone from the library, a private search in the engine).
import { starterCard } from './script.js';

export const GREEN = [
  starterCard(
    'Name:Llanowar Elves',
    'ManaCost:G',
    'Types:Creature Elf Druid',
    'PT:1/1',
    'A:AB$ Mana | Cost$ T | Produced$ G | SpellDescription$ Add one green mana.',
    'Oracle:{T}: Add one green mana.',
  ),
  starterCard('Name:Grizzly Bears', 'ManaCost:1 G', 'Types:Creature Bear', 'PT:2/2', 'Oracle:'),
  starterCard(
    'Name:Elvish Visionary',
    'ManaCost:1 G',
    'Types:Creature Elf Shaman',
    'PT:1/1',
    'T:Mode$ ChangesZone | Origin$ Any | Destination$ Battlefield | ValidCard$ Card.Self | Execute$ VisionDraw | TriggerDescription$ When CARDNAME enters the battlefield, draw a card.',
    'SVar:VisionDraw:DB$ Draw | Defined$ You | NumCards$ 1',
    'Oracle:When this creature enters the battlefield, draw a card.',
  ),
  starterCard('Name:Deadly Recluse', 'ManaCost:1 G', 'Types:Creature Spider', 'PT:1/2', 'K:Reach', 'K:Deathtouch', 'Oracle:Reach\\nDeathtouch'),
  starterCard('Name:Wall of Wood', 'ManaCost:G', 'Types:Creature Wall', 'PT:0/3', 'K:Defender', 'Oracle:Defender'),
  starterCard('Name:Giant Spider', 'ManaCost:3 G', 'Types:Creature Spider', 'PT:2/4', 'K:Reach', 'Oracle:Reach'),
  starterCard('Name:War Mammoth', 'ManaCost:3 G', 'Types:Creature Elephant', 'PT:3/3', 'K:Trample', 'Oracle:Trample'),
  starterCard('Name:Craw Wurm', 'ManaCost:4 G G', 'Types:Creature Wurm', 'PT:6/4', 'Oracle:'),
  starterCard('Name:Colossal Dreadmaw', 'ManaCost:4 G G', 'Types:Creature Dinosaur', 'PT:6/6', 'K:Trample', 'Oracle:Trample'),
  starterCard(
    'Name:Giant Growth',
    'ManaCost:G',
    'Types:Instant',
    'A:SP$ Pump | Cost$ G | ValidTgts$ Creature | TgtPrompt$ Choose a creature | NumAtt$ +3 | NumDef$ +3 | SpellDescription$ The target creature gets +3/+3 until end of turn.',
    'Oracle:A creature of your choice gets +3/+3 until end of turn.',
  ),
  starterCard(
    'Name:Titanic Growth',
    'ManaCost:1 G',
    'Types:Instant',
    'A:SP$ Pump | Cost$ 1 G | ValidTgts$ Creature | TgtPrompt$ Choose a creature | NumAtt$ +4 | NumDef$ +4 | SpellDescription$ The target creature gets +4/+4 until end of turn.',
    'Oracle:A creature of your choice gets +4/+4 until end of turn.',
  ),
  starterCard(
    'Name:Battlegrowth',
    'ManaCost:G',
    'Types:Instant',
    'A:SP$ PutCounter | Cost$ G | ValidTgts$ Creature | TgtPrompt$ Choose a creature | CounterType$ P1P1 | CounterNum$ 1 | SpellDescription$ Put a +1/+1 counter on the target creature.',
    'Oracle:Put a +1/+1 counter on a creature of your choice.',
  ),
  starterCard(
    'Name:Rampant Growth',
    'ManaCost:1 G',
    'Types:Sorcery',
    'A:SP$ ChangeZone | Cost$ 1 G | Origin$ Library | Destination$ Battlefield | ChangeType$ Land.Basic | ChangeNum$ 1 | Tapped$ True | SpellDescription$ Search your library for a basic land card, put it onto the battlefield tapped, then shuffle.',
    'Oracle:Search your library for a basic land card, put it onto the battlefield tapped, then shuffle.',
  ),
];
