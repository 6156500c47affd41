/**
 * `ReplaceDyingDefined$` (CR 614.1a): "if a creature dealt damage this way would die this turn,
 * exile it instead". As the effect that carries it ends (after `RememberDamaged$`), an effect
 * object for the turn is created, remembering the cards it names, with the replacement the
 * compiler wrote for the node (src/mtg/cards/replace-dying.ts): one of them going from the
 * battlefield to a graveyard is exiled instead. It forgets a card that leaves the battlefield
 * (a new object, CR 400.7). `ReplaceDyingCondition$ Kicked` (Scorching Lava): only if kicked.
 */
import { param, svarNode } from '../cards.js';
import { touch } from '../context.js';
import { definedCards } from '../defined.js';
import type { ResolveRun } from '../resolve.js';
import { lkiOfSeen } from '../select.js';
import { createTokenObject } from '../zones.js';
import { replaceDyingSVar } from '../../cards/replace-dying.js';
import { effectObjectDef } from './util.js';

/**
 * Creates the node's "exile it instead" effect, when it has `ReplaceDyingDefined$` naming cards
 * on the battlefield.
 *
 * @example
 * ```ts
 * replaceDying(run); // Annihilating Fire: the creature it damaged is exiled if it would die
 * ```
 */
export function replaceDying(run: ResolveRun): void {
  const text = param(run.ref, 'ReplaceDyingDefined');
  if (text === undefined) return;
  const condition = param(run.ref, 'ReplaceDyingCondition');
  // Kicked is the only condition Forge knows; another one replaces nothing there either.
  if (condition !== undefined && !(condition === 'Kicked' && run.item?.kicked === true)) return;
  const cards = definedCards(run, text).filter((c) => c.live?.zone === 'battlefield');
  const replacement = svarNode(run.g.registry, run.ref, replaceDyingSVar(run.ref.node));
  if (cards.length === 0 || !replacement) return;
  const g = run.g;
  const [card, face] = run.ref.key.split('|') as [string, string];
  const def = effectObjectDef(card, face, `${card} Effect`, { triggers: [], statics: [], replacements: [replacement.key] });
  const o = createTokenObject(g, def, run.you, def.name, 'command');
  o.effect = { source: run.host, duration: { until: 'eot' }, forgetOnMoved: 'battlefield' };
  for (const c of cards) o.remembered.push({ card: c.id, inc: c.inc, lki: lkiOfSeen(c) });
  touch(g);
}
