/**
 * `ReplaceEffect`: inside a replacement effect's `ReplaceWith$` ability, changes the event being
 * replaced instead of doing something else in its place, and the modified event then happens
 * (CR 614.1a "instead", 614.6; a prevention shield that prevents only part of the damage,
 * CR 615.1a: Forcefield's "prevent all but 1 of that damage").
 *
 * `VarName$` names the part of the event and `VarValue$` its new value. Only the parts of events
 * the engine's replacement module runs are supported: `DamageAmount` for `DamageDone`,
 * `CounterNum` for `AddCounter` (the number of counters put: Hardened Scales, Doubling Season), and
 * `Affected` for `DamageDone`: the damage is dealt to another player or permanent instead
 * (redirection is a replacement, CR 614.1a, 614.9: Beacon of Destiny, Karona's Zealot, Cunning
 * Giant). `VarType$` says what `VarValue$` names: `Card` (a creature or planeswalker on the
 * battlefield: `Self`, `Remembered`, `EffectSource`, `ChosenCard`, `Enchanted`, `Equipped`),
 * `Player` (`You`, `ReplacedSourceController`, `ReplacedTargetController`) or `GameEntity`
 * (either). For `CreateToken`, `TokenNum` is the number of tokens created (Anointed Procession)
 * and `Affected` (`VarType$ Player`) the player under whose control they are created (Crafty
 * Cutpurse, CR 111.2: who then owns them too). The corpus also uses `LifeGained` and
 * `SurveilNum` (for events whose replacements the engine does not run yet); those are reported as
 * unsupported and leave the event as it was.
 */
import { param } from '../cards.js';
import { maybeObj, unsupported, type Run } from '../context.js';
import { dealDamage } from '../actions.js';
import { definedCards, definedPlayers } from '../defined.js';
import { chars } from '../layers.js';
import { registerEffect } from '../resolve.js';
import { evalNumber } from '../values.js';
import type { Seat } from '../choice.js';
import type { Lki, Ref } from '../types.js';

/** Forge's variable names for the parts of an event, mapped to the keys of `Run.replaced`. */
const NUMERIC_VARS: Record<string, string> = { DamageAmount: 'amount', CounterNum: 'amount', TokenNum: 'amount' };

/** A card that can be dealt damage: a creature or planeswalker on the battlefield (CR 120.1, 120.3). */
function damageableCards(run: Run, text: string): Ref[] {
  const out: Ref[] = [];
  for (const c of definedCards(run, text)) {
    const o = c.live;
    if (!o || o.zone !== 'battlefield' || o.inc !== c.inc) continue;
    const types = chars(run.g, o).cardTypes;
    if (types.includes('Creature') || types.includes('Planeswalker')) out.push({ card: o.id, inc: o.inc });
  }
  return out;
}

/** The player `VarValue$` names; `Replaced…Controller` are the damage event's own source and target. */
function namedPlayer(run: Run, text: string): Seat | undefined {
  const event = run.replaced!;
  if (text === 'ReplacedSourceController') {
    const lki = event['sourceLki'] as Lki | undefined;
    const o = lki ? maybeObj(run.g, lki.id) : undefined;
    return o && o.inc === lki!.inc ? chars(run.g, o).controller : lki?.controller;
  }
  if (text === 'ReplacedTargetController') {
    const t = event['target'] as Ref | undefined;
    const o = t && 'card' in t ? maybeObj(run.g, t.card) : undefined;
    return o ? chars(run.g, o).controller : undefined;
  }
  return definedPlayers(run, text)[0];
}

/** Where `VarValue$` (of the kind `VarType$` says) redirects the damage; null when nothing can be dealt it. */
function newTarget(run: Run, text: string, type: string): Ref | null {
  if (type === 'Player') {
    const p = namedPlayer(run, text);
    return p === undefined ? null : { player: p };
  }
  const card = damageableCards(run, text)[0];
  if (card) return card;
  if (type === 'GameEntity' && text === 'Remembered') {
    const p = definedPlayers(run, text)[0];
    return p === undefined ? null : { player: p };
  }
  return null;
}

registerEffect(
  'ReplaceEffect',
  function* (run) {
    const event = run.replaced;
    const name = param(run.ref, 'VarName') ?? '';
    if (event && name === 'Affected' && typeof event['amount'] === 'number' && event['sourceLki']) {
      const to = newTarget(run, param(run.ref, 'VarValue') ?? '', param(run.ref, 'VarType') ?? 'Card');
      const from = event['target'] as Ref | undefined;
      const same = to !== null && from !== undefined && JSON.stringify(to) === JSON.stringify('card' in from ? { card: from.card, inc: from.inc } : from);
      // Nothing the damage can be dealt to (the creature left the battlefield): the event goes on unchanged.
      if (to === null || same) {
        event['modified'] = true;
        return;
      }
      // The original event never happens (CR 614.6); the damage dealt to the new target is a new
      // event, to which the other replacements that apply to it may still apply (CR 616.1f), but
      // not this one (CR 614.5: it is marked as applied while its ability runs).
      const amount = event['amount'];
      event['amount'] = 0;
      yield* dealDamage(run.g, event['sourceLki'] as Lki, to, amount, event['combat'] === true, event['unpreventable'] === true);
      return;
    }
    // Tokens created under another player's control instead (CR 614.1a); the event goes on.
    if (event && name === 'Affected' && event['event'] === 'CreateToken') {
      const p = namedPlayer(run, param(run.ref, 'VarValue') ?? '');
      if (p !== undefined) event['player'] = p;
      event['modified'] = true;
      return;
    }
    const key = NUMERIC_VARS[name];
    // Outside a replacement (a misused script) there is no event to change.
    if (!event || key === undefined || typeof event[key] !== 'number') {
      unsupported(run.g, `replace-effect:${name}`);
      return;
    }
    event[key] = Math.max(0, evalNumber(run, param(run.ref, 'VarValue')));
    // Tells the replacement module that the event goes on, modified, rather than being replaced.
    event['modified'] = true;
  },
  { reads: ['VarName', 'VarValue', 'VarType'] },
);
