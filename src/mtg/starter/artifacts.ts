// Colourless starter cards: two equipment (Equip is expanded by the compiler's keyword module
// into the attach ability Forge generates) and an artifact creature.
import { starterCard } from './script.js';

export const ARTIFACTS = [
  starterCard(
    'Name:Bonesplitter',
    'ManaCost:1',
    'Types:Artifact Equipment',
    'K:Equip:1',
    'S:Mode$ Continuous | Affected$ Creature.EquippedBy | AddPower$ 2 | Description$ The equipped creature gets +2/+0.',
    'Oracle:The equipped creature gets +2/+0.\\nEquip {1}',
  ),
  starterCard(
    'Name:Short Sword',
    'ManaCost:1',
    'Types:Artifact Equipment',
    'K:Equip:1',
    'S:Mode$ Continuous | Affected$ Creature.EquippedBy | AddPower$ 1 | AddToughness$ 1 | Description$ The equipped creature gets +1/+1.',
    'Oracle:The equipped creature gets +1/+1.\\nEquip {1}',
  ),
  starterCard('Name:Ornithopter', 'ManaCost:0', 'Types:Artifact Creature Thopter', 'PT:0/2', 'K:Flying', 'Oracle:Flying'),
];
