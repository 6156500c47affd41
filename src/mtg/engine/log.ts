/**
 * The two logs of a game. The **action log** is the replicated history (the reference's undo
 * log): every card move, every reveal with its audience, every choice; two runs of the same game
 * produce identical action logs, which is what the determinism tests hash. The **event log** is
 * structured facts for assertions (`SpellCast`, `CreatureDied`, `LifeChanged`, ...).
 *
 * Both are the authority's logs: they hold hidden information (a drawn card's name) and are never
 * sent to a seat as they are; `view(seat)` is what a seat may see.
 */
import type { ChoiceKind, Seat } from './choice.js';
import type { Step, Zone } from './types.js';

/** One entry of the action log. */
export type Action =
  | { type: 'MoveCard'; card: number; name: string; from: Zone | 'outside'; to: Zone; owner: Seat }
  | { type: 'RevealCard'; card: number; name: string; to: Seat[] }
  | { type: 'Shuffle'; seat: Seat }
  | { type: 'CreateToken'; card: number; name: string; controller: Seat }
  | { type: 'Tap'; card: number }
  | { type: 'Untap'; card: number }
  | { type: 'AddMana'; seat: Seat; mana: string; source: number }
  | { type: 'Counters'; card: number; counter: string; delta: number }
  | { type: 'Damage'; source: number; target: number | `p${Seat}`; amount: number }
  | { type: 'Life'; seat: Seat; delta: number }
  | { type: 'Step'; turn: number; step: Step; active: Seat }
  | { type: 'Stack'; item: number; text: string; controller: Seat }
  | { type: 'Resolve'; item: number; countered: boolean }
  /** A permanent phased out or in (CR 702.26): not a zone change, though it moves to the `phased` pile and back. */
  | { type: 'Phase'; card: number; out: boolean }
  | { type: 'Retarget'; item: number; targets: string[]; seat: Seat }
  | { type: 'ChoicePoint'; seat: Seat; kind: ChoiceKind; options: number; chosen: number; label: string };

/** One entry of the event log. */
export type GameEvent =
  | { type: 'TurnBegan'; turn: number; active: Seat }
  | { type: 'StepBegan'; turn: number; step: Step }
  | { type: 'Mulligan'; seat: Seat; count: number }
  | { type: 'LandPlayed'; seat: Seat; card: number; name: string }
  | { type: 'SpellCast'; seat: Seat; card: number; name: string; targets: string[] }
  | { type: 'AbilityActivated'; seat: Seat; card: number; name: string; text: string }
  | { type: 'TriggerFired'; seat: Seat; card: number; name: string; mode: string }
  | { type: 'Resolved'; seat: Seat; card: number; name: string }
  | { type: 'TargetsChanged'; seat: Seat; card: number; name: string; targets: string[] }
  | { type: 'Countered'; seat: Seat; card: number; name: string; fizzled: boolean }
  | { type: 'CreatureDied'; card: number; name: string; owner: Seat; controller: Seat }
  | { type: 'PermanentDestroyed'; card: number; name: string }
  | { type: 'ZoneChanged'; card: number; name: string; from: Zone | 'outside'; to: Zone }
  | { type: 'LifeChanged'; seat: Seat; from: number; to: number; delta: number }
  | { type: 'DamageDealt'; source: number; sourceName: string; target: string; amount: number; combat: boolean }
  | { type: 'CardDrawn'; seat: Seat; card: number }
  | { type: 'Discarded'; seat: Seat; card: number; name: string }
  | { type: 'TokenCreated'; seat: Seat; card: number; name: string }
  | { type: 'AttackerDeclared'; card: number; name: string; defender: Seat }
  | { type: 'BlockerDeclared'; card: number; name: string; attacker: number }
  | { type: 'CounterAdded'; card: number; counter: string; amount: number }
  | { type: 'Regenerated'; card: number; name: string }
  | { type: 'TurnedFaceUp'; card: number; name: string; controller: Seat }
  | { type: 'TurnedFaceDown'; card: number; controller: Seat }
  | { type: 'Transformed'; card: number; name: string; face: number }
  | { type: 'PhasedOut'; card: number; name: string }
  | { type: 'PhasedIn'; card: number; name: string }
  | { type: 'MonarchChanged'; seat: Seat }
  | { type: 'GameOver'; winner: Seat | null; reason: string };
