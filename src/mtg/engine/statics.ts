/**
 * Static abilities other than continuous effects (those are layers.ts): the rule-modifying
 * modes that the rules ask about at a given moment (`CantAttack`, `CantBlockBy`, `CantBeCast`,
 * `RaiseCost`, `ReduceCost`, `CantPlayLand`, ...). A static works from the battlefield unless its
 * `EffectZone$` names other zones (CR 113.6).
 */
import type { Seat } from './choice.js';
import { param, resolveNode, type NodeRef } from './cards.js';
import { derived, type G, type Run } from './context.js';
import { conditionsHold } from './conditions.js';
import { chars } from './layers.js';
import type { GameObject, Step } from './types.js';

/** One active static ability of a mode. */
export type ActiveStatic = { host: GameObject; controller: Seat; ref: NodeRef; run: Run };

const ZONE_OF_PILE: Record<string, string> = {
  battlefield: 'Battlefield',
  command: 'Command',
  exile: 'Exile',
  stack: 'Stack',
};

function zoneName(pile: string): string {
  return ZONE_OF_PILE[pile] ?? (pile.startsWith('graveyard') ? 'Graveyard' : pile.startsWith('hand') ? 'Hand' : 'Library');
}

/**
 * The static abilities of `mode` that apply now, with their conditions checked.
 *
 * @example
 * ```ts
 * activeStatics(g, 'CantAttack').length; // 1 with a Moat on the battlefield
 * ```
 */
export function activeStatics(g: G, mode: string, extraZones = false): ActiveStatic[] {
  return derived(g, `statics:${mode}:${extraZones}`, () => computeStatics(g, mode, extraZones));
}

function computeStatics(g: G, mode: string, extraZones: boolean): ActiveStatic[] {
  const out: ActiveStatic[] = [];
  const piles = extraZones ? ['battlefield', 'command', 'stack', 'hand-0', 'hand-1', 'graveyard-0', 'graveyard-1', 'exile'] : ['battlefield', 'command'];
  for (const pile of piles) {
    for (const id of g.s.zones[pile]!) {
      const host = g.s.objects[id]!;
      const c = chars(g, host);
      for (const key of c.statics) {
        const ref = resolveNode(g.registry, key);
        if (ref.node.head !== mode) continue;
        const zones = param(ref, 'EffectZone');
        const here = zoneName(pile);
        if (zones === undefined ? here !== 'Battlefield' && here !== 'Command' : !(zones === 'All' || zones.split(',').some((z) => z.trim() === here)))
          continue;
        const controller = host.zone === 'battlefield' ? c.controller : host.owner;
        const run: Run = { g, you: controller, host: id, ref };
        if (!conditionsHold(run, ref)) continue;
        out.push({ host, controller, ref, run });
      }
    }
  }
  return out;
}

const FORGE_PHASES: Record<Step, string> = {
  untap: 'Untap',
  upkeep: 'Upkeep',
  draw: 'Draw',
  main1: 'Main1',
  beginCombat: 'BeginCombat',
  declareAttackers: 'Declare Attackers',
  declareBlockers: 'Declare Blockers',
  combatDamage: 'Combat Damage',
  endCombat: 'EndCombat',
  main2: 'Main2',
  end: 'End of Turn',
  cleanup: 'Cleanup',
};

// Lower-cased: Forge compares phase names ignoring case (18 corpus cards write "End Of Turn").
const ORDER: string[] = [
  'Untap',
  'Upkeep',
  'Draw',
  'Main1',
  'BeginCombat',
  'Declare Attackers',
  'Declare Blockers',
  'First Strike Damage',
  'Combat Damage',
  'EndCombat',
  'Main2',
  'End of Turn',
  'Cleanup',
].map((p) => p.toLowerCase());

/**
 * Whether the current step is in a Forge phase list (`Upkeep,Draw`, `BeginCombat->EndCombat`),
 * as activation restrictions (`ActivationPhases$`) and phase triggers (`Phase$`) write them.
 *
 * @example
 * ```ts
 * inPhases('upkeep', 'Upkeep->BeginCombat'); // true
 * ```
 */
export function inPhases(step: Step, text: string): boolean {
  const now = FORGE_PHASES[step].toLowerCase();
  for (const part of text.split(',')) {
    const p = part.trim().toLowerCase();
    const arrow = p.indexOf('->');
    if (arrow >= 0) {
      const from = ORDER.indexOf(p.slice(0, arrow).trim());
      const toText = p.slice(arrow + 2).trim();
      const to = toText === '' ? ORDER.length - 1 : ORDER.indexOf(toText);
      const at = ORDER.indexOf(now);
      if (from >= 0 && to >= 0 && at >= from && at <= to) return true;
    } else if (p === now) return true;
  }
  return false;
}
