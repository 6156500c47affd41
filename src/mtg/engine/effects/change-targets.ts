/**
 * `ChangeTargets` (CR 115.7): change the target or targets of a spell or ability on the stack —
 * the targeted one, or the spell that triggered this (`Defined$ TriggeredSpellAbility` or
 * `TriggeredStackInstance`).
 *
 * - "Change the target of target spell with a single target" (Deflection): the player changing it
 *   picks a new legal target; when there is none, nothing changes (CR 115.7a).
 * - `Optional$ True`, "you may choose new targets" (Redirect, CR 115.7d): each target may be kept
 *   or changed, and the result must be legal; the number of targets never changes.
 * - `DefinedMagnet$` (Spellskite, "change a target to this"): a target is changed to that object,
 *   only if it would be a legal target (CR 115.7b); `ChangeSingleTarget$` changes just one.
 * - `TargetRestriction$`: the new target must also match it ("the new target must be a creature").
 * - `ConditionTargetsSingleTarget$` / `ConditionTargetValidTargeting$`: checked on resolution, the
 *   targeted spell must still have one target and target what it names, or nothing happens.
 *
 * A new target is legal for the spell as its controller casts it: `ValidTgts$`, zones, shroud,
 * hexproof and protection are judged from the spell's side, and it may not be a target it already
 * has (CR 115.3, a spell targets an object once per word "target").
 */
import { ask, type Opt } from '../ask.js';
import { param, resolveNode, type NodeRef } from '../cards.js';
import { maybeObj, touch, unsupported, type Run } from '../context.js';
import { itemChain, registerEffect } from '../resolve.js';
import { declareParamForms } from '../../cards/index.js';
import { targetedItems } from './util.js';
import { refMatches } from '../select.js';
import { candidates, describeTargets, sameRef, targetOption, targetSpec } from '../targets.js';
import type { Ref, StackItem } from '../types.js';
import { targetRefs } from '../stackitem.js';

/** The `Defined$` forms `changedItems` knows; a card writing another is not counted faithful. */
const DEFINED_FORMS = new Set(['Targeted', 'TriggeredSpellAbility', 'TriggeredStackInstance']);
declareParamForms('api:ChangeTargets', 'ability', 'ChangeTargets', 'Defined', (v) => DEFINED_FORMS.has(v));

/** The stack items this ability acts on. */
function changedItems(run: Run & { ref: NodeRef }): StackItem[] {
  const g = run.g;
  const out = targetedItems(run);
  const defined = param(run.ref, 'Defined');
  let item: StackItem | undefined;
  switch (defined) {
    case undefined:
    case 'Targeted': // the targeted spell or ability: the targets above
      break;
    // The spell that triggered this (Grip of Chaos; Captured by the Consulate's "change the target to enchanted creature").
    case 'TriggeredSpellAbility':
    case 'TriggeredStackInstance':
      if (run.trigger?.spell !== undefined) item = g.s.stack.find((s) => s.source === run.trigger!.spell);
      break;
    default:
      // Any other `Defined$` (Remembered, ...) changes nothing and says so, rather than guessing which spell it names.
      unsupported(g, `param:ChangeTargets Defined ${defined}`);
  }
  if (item && !out.includes(item)) out.push(item);
  return out;
}

registerEffect(
  'ChangeTargets',
  function* (run) {
    const g = run.g;
    const optional = param(run.ref, 'Optional') === 'True';
    const restriction = param(run.ref, 'TargetRestriction');
    const magnet = param(run.ref, 'DefinedMagnet');
    const onlyOne = param(run.ref, 'ChangeSingleTarget') === 'True';
    const condSingle = param(run.ref, 'ConditionTargetsSingleTarget') === 'True';
    const condTargeting = param(run.ref, 'ConditionTargetValidTargeting');
    for (const item of changedItems(run)) {
      if (!g.s.stack.includes(item) || item.node.startsWith('#')) continue;
      const all = targetRefs(item);
      if (condSingle && all.length !== 1) continue;
      if (condTargeting !== undefined && !all.some((t) => refMatches(run, condTargeting, t))) continue;
      const chain = itemChain(g, item, resolveNode(g.registry, item.node));
      let changed = false;
      for (let p = 0; p < chain.length; p++) {
        const current = item.targets[p];
        if (!current || current.length === 0) continue;
        // Legality as the spell's controller sees it (CR 115.7: the new target must be legal for the spell).
        const spellRun: Run = { g, you: item.controller, host: item.source, item, ref: chain[p]!, pos: p, chain };
        const spec = targetSpec(spellRun, chain[p]!);
        if (!spec) continue;
        for (let k = 0; k < current.length; k++) {
          const others = current.filter((_, j) => j !== k);
          const legal = candidates(g, spellRun, spec, item).filter(
            (c) => !sameRef(c, current[k]!) && !others.some((o) => sameRef(o, c)) && (restriction === undefined || refMatches(run, restriction, c)),
          );
          let next: Ref | undefined;
          if (magnet !== undefined) {
            // Only the magnet itself (`Self`, or what the host enchants) may become the target.
            const host = maybeObj(g, run.host);
            const id = magnet === 'Self' ? run.host : magnet === 'Enchanted' ? host?.attachedTo : undefined;
            next = id === undefined || id === null ? undefined : legal.find((c) => 'card' in c && c.card === id);
          } else if (legal.length > 0) {
            const opts: Opt[] = legal.map((c) => targetOption(g, c));
            const keep = optional || all.length > 1;
            if (keep) opts.unshift({ label: `keep ${describeTargets(g, [current[k]!])[0]}`, action: { verb: 'done' } });
            const choice = yield* ask(g, run.you, 'targets', `New target for ${item.text}`, opts);
            next = keep ? (choice === 0 ? undefined : legal[choice - 1]) : legal[choice];
          }
          if (next) {
            current[k] = next;
            changed = true;
            if (onlyOne) break;
          }
        }
        if (changed && onlyOne) break;
      }
      if (changed) {
        const targets = describeTargets(g, targetRefs(item));
        g.actions.push({ type: 'Retarget', item: item.id, targets, seat: run.you });
        g.events.push({ type: 'TargetsChanged', seat: run.you, card: item.source, name: item.text, targets });
        touch(g);
      }
    }
  },
  {
    reads: [
      'ValidTgts',
      'TargetType',
      'Defined',
      'Optional',
      'TargetRestriction',
      'DefinedMagnet',
      'ChangeSingleTarget',
      'ConditionTargetsSingleTarget',
      'ConditionTargetValidTargeting',
    ],
  },
);
