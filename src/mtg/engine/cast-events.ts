/**
 * What happens as a spell becomes cast or an ability becomes activated, beyond the stack itself:
 * the turn's record of spells cast (`Count$ThisTurnCast`, storm), the `BecomesTarget` triggers of
 * the objects and players it targets, and the activation triggers (`AbilityCast`, `Cycled`).
 * cast.ts calls these once the announcement and the costs are done (CR 601.2i, 602.2e), so the
 * casting code itself stays about casting.
 */
import type { Seat } from './choice.js';
import { param, resolveNode, type NodeRef } from './cards.js';
import { maybeObj, type G } from './context.js';
import { lkiOf } from './actions.js';
import { listening, ownCastTrigger, raise } from './triggers.js';
import type { GameObject, Lki, StackItem } from './types.js';
import { declareParamReads } from '../cards/index.js';

// `Cycling$ True` marks a cycling ability (the Cycling and TypeCycling keyword modules write it).
declareParamReads('engine:cast-events', ['Cycling'], ['ability']);

/**
 * The spell itself as a source of its own cast triggers, which work only while it is on the stack
 * ("when you cast this spell": storm, CR 702.40a; cascade; Elder Deep-Fiend's): `[spell]` when it
 * has one (triggers.ts `ownCastTrigger`), else none, so the common spell costs the trigger search nothing.
 *
 * @example
 * ```ts
 * raise(g, { mode: 'SpellCast', card: lki, player: seat, spell: o.id }, castTriggerSources(g, lki));
 * ```
 */
export function castTriggerSources(g: G, spell: Lki): Lki[] {
  for (const key of spell.chars.triggers) {
    const ref = resolveNode(g.registry, key);
    if (ownCastTrigger(ref)) return [spell];
  }
  return [];
}

/**
 * A spell became cast (CR 601.2i): it joins the turn's record of spells cast, and what it targets
 * becomes its target.
 *
 * @example
 * ```ts
 * spellCastEvents(g, o, item); // after the SpellCast trigger
 * ```
 */
export function spellCastEvents(g: G, o: GameObject, item: StackItem): void {
  (g.s.turnFacts.cast ??= []).push(lkiOf(g, o));
  becameTargets(g, item, 'spell', lkiOf(g, o));
}

/**
 * An ability was activated (CR 602.2): `AbilityCast` triggers, `Cycled` when it is a cycling
 * ability (CR 702.29c: "when you cycle this card" means when it is discarded to pay a cycling
 * cost), and the targets it chose.
 *
 * @example
 * ```ts
 * abilityActivatedEvents(g, seat, o, ref, item);
 * ```
 */
export function abilityActivatedEvents(g: G, seat: Seat, source: Lki, ref: NodeRef, item: StackItem): void {
  if (listening(g, 'AbilityCast')) raise(g, { mode: 'AbilityCast', card: source, player: seat, spell: item.id });
  if (param(ref, 'Cycling') === 'True') {
    const discarded = item.paid.discarded.find((l) => l.id === source.id) ?? source;
    raise(g, { mode: 'Cycled', card: discarded, player: seat });
  }
  becameTargets(g, item, 'ability', source);
}

/**
 * A triggered ability was put on the stack with its targets (CR 603.3d): they become its targets.
 *
 * @example
 * ```ts
 * triggerTargetEvents(g, item);
 * ```
 */
export function triggerTargetEvents(g: G, item: StackItem): void {
  if (item.sourceLki) becameTargets(g, item, 'ability', item.sourceLki);
}

/**
 * Raises `BecomesTarget` once for each object or player the item targets, however many of its
 * targets name it (CR 603.2c: one event), with whether it is that object's first time this turn.
 */
function becameTargets(g: G, item: StackItem, sourceType: 'spell' | 'ability', source: Lki): void {
  // Nothing can read the record but a BecomesTarget trigger (`FirstTime$`), and an object with one
  // is listening the whole time it could be targeted, so a game without them records nothing.
  if (!listening(g, 'BecomesTarget') || item.targets.every((t) => !t?.length)) return;
  const seen = new Set<string>();
  for (const list of item.targets) {
    for (const t of list ?? []) {
      const key = 'player' in t ? `p${t.player}` : 'card' in t ? `c${t.card}` : '';
      if (key === '' || seen.has(key)) continue;
      seen.add(key);
      let firstTime = true;
      if ('card' in t) {
        const o = maybeObj(g, t.card);
        if (!o || o.inc !== t.inc) continue;
        const record = (g.s.turnFacts.targeted ??= []);
        firstTime = !record.includes(t.card);
        if (firstTime) record.push(t.card);
      }
      raise(g, { mode: 'BecomesTarget', target: t, source, sourceType, firstTime, spell: item.id });
    }
  }
}
