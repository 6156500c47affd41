// The five basic lands (CR 305.6: each basic land type gives "{T}: Add" its colour; the
// compiler's intrinsics stage adds that ability, so a basic land's script is only its types).
import { starterCard } from './script.js';

export const LANDS = [
  starterCard('Name:Plains', 'ManaCost:no cost', 'Types:Basic Land Plains', 'Oracle:({T}: Add {W}.)'),
  starterCard('Name:Island', 'ManaCost:no cost', 'Types:Basic Land Island', 'Oracle:({T}: Add {U}.)'),
  starterCard('Name:Swamp', 'ManaCost:no cost', 'Types:Basic Land Swamp', 'Oracle:({T}: Add {B}.)'),
  starterCard('Name:Mountain', 'ManaCost:no cost', 'Types:Basic Land Mountain', 'Oracle:({T}: Add {R}.)'),
  starterCard('Name:Forest', 'ManaCost:no cost', 'Types:Basic Land Forest', 'Oracle:({T}: Add {G}.)'),
];
