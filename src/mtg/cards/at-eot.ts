/**
 * `AtEOT$` ("exile it at the beginning of the next end step", "sacrifice them at end of combat"):
 * a parameter of the effects that make or change permanents (Pump, Animate, Token, CopyPermanent,
 * Effect) asking for a delayed triggered ability (CR 603.7) over the objects the effect made or
 * changed. The compiler writes that delayed trigger, and the effect it runs, as two SVars of the
 * face, in Forge's own words (SpellAbilityEffect.registerDelayedTrigger); the engine creates it
 * as the effect resolves, remembering its objects (src/mtg/engine/effects/at-eot.ts).
 *
 * The values: `Exile`, `Hand`, `Destroy`, `Sacrifice` (by their controller, if it is still you),
 * `SacrificeCtrl` (by whoever controls it); a `Your` prefix waits for your own next end step, a
 * `Combat` suffix fires at end of combat instead. `AtEOTCondition$ <SVar>` (Tilonalli's Summoner:
 * "exile those tokens unless you have the city's blessing") is the trigger's `CheckSVar$`, as Forge
 * writes it: the SVar must be 1 or more when it triggers and again as it resolves (CR 603.4).
 */
import type { ScriptNode } from './ir.js';
import { paramValue } from './tokens.js';

/**
 * The name of the SVar holding the delayed trigger an `AtEOT$` node asks for; `#` never appears
 * in script SVar names, so it cannot collide with one.
 *
 * @example
 * ```ts
 * atEotSVar(node); // 'AtEOT#12' for the node on line 12
 * ```
 */
export function atEotSVar(node: Pick<ScriptNode, 'line'>): string {
  return `AtEOT#${node.line}`;
}

/**
 * The SVars (`[name, body]`) an ability node's `AtEOT$` needs, or none when it has no `AtEOT$` or
 * its value is not one Forge knows (then nothing is created, as in Forge).
 *
 * @example
 * ```ts
 * atEotSVars(node); // [['AtEOT#12', 'DB$ DelayedTrigger | Mode$ Phase | Phase$ End of Turn | ...'], ['AtEOT-do#12', 'DB$ ChangeZone | ...']]
 * ```
 */
export function atEotSVars(node: ScriptNode): Array<[string, string]> {
  if (node.kind !== 'ability') return [];
  let where = paramValue(node.params, 'AtEOT');
  if (where === undefined) return [];
  const your = where.startsWith('Your');
  if (your) where = where.slice('Your'.length);
  const combat = where.endsWith('Combat');
  if (combat) where = where.slice(0, -'Combat'.length);
  const them = 'DelayTriggerRememberedLKI';
  const effects: Record<string, string> = {
    Hand: `DB$ ChangeZone | Defined$ ${them} | Origin$ Battlefield | Destination$ Hand`,
    Exile: `DB$ ChangeZone | Defined$ ${them} | Origin$ Battlefield | Destination$ Exile`,
    Destroy: `DB$ Destroy | Defined$ ${them}`,
    Sacrifice: `DB$ SacrificeAll | Defined$ ${them} | Controller$ You`,
    SacrificeCtrl: `DB$ SacrificeAll | Defined$ ${them}`,
  };
  const effect = effects[where];
  const condition = paramValue(node.params, 'AtEOTCondition');
  if (effect === undefined) return [];
  const name = atEotSVar(node);
  const run = `AtEOT-do#${node.line}`;
  const when = combat ? 'at end of combat' : `at the beginning of ${your ? 'your' : 'the'} next end step`;
  const verb = where === 'Hand' ? 'Return them to their owner’s hand' : where === 'SacrificeCtrl' ? 'Their controller sacrifices them' : `${where} them`;
  const trigger = [
    'DB$ DelayedTrigger',
    'Mode$ Phase',
    `Phase$ ${combat ? 'EndCombat' : 'End of Turn'}`,
    ...(your ? ['ValidPlayer$ You'] : []),
    ...(condition !== undefined ? [`CheckSVar$ ${condition}`] : []),
    `Execute$ ${run}`,
    `TriggerDescription$ ${verb} ${when}.`,
  ].join(' | ');
  return [
    [name, trigger],
    [run, effect],
  ];
}
