/**
 * `ReplaceDyingDefined$` ("if a creature dealt damage this way would die this turn, exile it
 * instead": Annihilating Fire, Anger of the Gods): an effect for the turn whose replacement sends
 * those creatures to exile instead of the graveyard (CR 614.1a, 700.4). The compiler writes the
 * replacement and its move, in Forge's words (SpellAbilityEffect.replaceDying), as SVars of the
 * face; the engine creates the effect that carries it as the damage effect ends
 * (src/mtg/engine/effects/replace-dying.ts).
 */
import type { ScriptNode } from './ir.js';
import { paramValue } from './tokens.js';

/**
 * The name of the SVar holding the replacement a `ReplaceDyingDefined$` node's effect carries.
 *
 * @example
 * ```ts
 * replaceDyingSVar(node); // 'ReplaceDying#4' for the node on line 4
 * ```
 */
export function replaceDyingSVar(node: Pick<ScriptNode, 'line'>): string {
  return `ReplaceDying#${node.line}`;
}

/**
 * The SVars (`[name, body]`) an ability node's `ReplaceDyingDefined$` needs: the replacement the
 * engine's effect carries, then the move it makes. None for a node without the key.
 *
 * @example
 * ```ts
 * replaceDyingSVars(node); // [['ReplaceDying#4', 'Event$ Moved | ValidCard$ Card.IsRemembered | ...'], ['ReplaceDying-exile#4', 'DB$ ChangeZone | ...']]
 * ```
 */
export function replaceDyingSVars(node: ScriptNode): Array<[string, string]> {
  if (node.kind !== 'ability' || paramValue(node.params, 'ReplaceDyingDefined') === undefined) return [];
  const exile = `ReplaceDying-exile#${node.line}`;
  return [
    [
      replaceDyingSVar(node),
      `Event$ Moved | ValidCard$ Card.IsRemembered | Origin$ Battlefield | Destination$ Graveyard | ReplaceWith$ ${exile} | Description$ If it would die this turn, exile it instead.`,
    ],
    [exile, 'DB$ ChangeZone | Defined$ ReplacedCard | Origin$ Battlefield | Destination$ Exile'],
  ];
}
