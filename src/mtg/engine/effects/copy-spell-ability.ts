/**
 * `CopySpellAbility` (CR 707.10): copy a spell on the stack — the targeted one, or the spell
 * resolving (`Defined$ Parent`) — controlled by `Controller$` (you by default). The copy goes on
 * the stack, and its controller may choose new targets for it (CR 707.10c).
 *
 * `CopyForEachCanTarget$ <selector>` (Precursor Golem, CR 707.10d): instead, one copy for each
 * other object or player matching the selector that the spell could target, each copy's targets
 * fixed to a different one of them; no new targets are chosen.
 */
import { ask, askYesNo } from '../ask.js';
import { param, resolveNode } from '../cards.js';
import { newId, touch, type G, type Run } from '../context.js';
import type { Seat } from '../choice.js';
import { definedPlayers } from '../defined.js';
import { itemChain, registerEffect } from '../resolve.js';
import { candidates, chooseTargets, describeTargets, sameRef, singleTarget, targetOption, targetSpec } from '../targets.js';
import { refMatches } from '../select.js';
import { targetRefs } from '../stackitem.js';
import type { Ref, StackItem } from '../types.js';
import { evalNumber } from '../values.js';

registerEffect(
  'CopySpellAbility',
  function* (run) {
    const g = run.g;
    const originals: StackItem[] = [];
    if (param(run.ref, 'Defined') === 'Parent' && run.item) originals.push(run.item);
    // The spell whose casting triggered this (storm, CR 702.40a), while it is still on the stack.
    if (param(run.ref, 'Defined') === 'TriggeredSpellAbility') {
      const spell = run.trigger?.spell;
      const found = spell === undefined ? undefined : g.s.stack.find((s) => s.id === spell);
      if (found) originals.push(found);
    }
    for (const t of run.item?.targets[run.pos ?? 0] ?? []) {
      const found =
        'card' in t ? g.s.stack.find((s) => s.kind === 'spell' && s.source === t.card) : 'stack' in t ? g.s.stack.find((s) => s.id === t.stack) : undefined;
      if (found && param(run.ref, 'Defined') !== 'Parent' && param(run.ref, 'Defined') !== 'TriggeredSpellAbility') originals.push(found);
    }
    const controller = param(run.ref, 'Controller') !== undefined ? (definedPlayers(run, param(run.ref, 'Controller'))[0] ?? run.you) : run.you;
    // `Amount$`: that many copies of each (storm's count of the other spells cast this turn).
    const times = param(run.ref, 'Amount') === undefined ? 1 : Math.max(0, evalNumber(run, param(run.ref, 'Amount')));
    const forEach = param(run.ref, 'CopyForEachCanTarget');
    if (forEach !== undefined) {
      const onlyOne = param(run.ref, 'ChooseOnlyOne') === 'True';
      for (const original of originals) {
        let each = eachOtherTargetCopy(run, original, controller, forEach);
        // `ChooseOnlyOne$` (Beamsplitter Mage: "choose one of those creatures. Copy that spell. The
        // copy targets the chosen creature", CR 707.10e): one copy, at the one its controller picks.
        if (onlyOne && each.length > 0) {
          const opts = each.map((c) => targetOption(g, c.to));
          each = [each[yield* ask(g, controller, 'targets', `Choose what the copy of ${original.text} targets`, opts)]!];
        }
        for (const { targets } of each) {
          const copy = putCopy(g, original, controller);
          copy.targets = targets;
          g.actions.push({ type: 'Stack', item: copy.id, text: `${copy.text} targeting ${describeTargets(g, targetRefs(copy)).join(', ')}`, controller });
        }
      }
      return;
    }
    for (const original of originals.flatMap((o) => Array.from({ length: times }, () => o))) {
      const copy = putCopy(g, original, controller);
      if (original.node.startsWith('#')) continue;
      const root = resolveNode(g.registry, copy.node);
      const chain = itemChain(g, copy, root);
      const hasTargets = chain.some((r) => param(r, 'ValidTgts') !== undefined);
      if (hasTargets && (yield* askYesNo(g, controller, 'Choose new targets for the copy?'))) {
        for (let p = 0; p < chain.length; p++) {
          const r = { g, you: controller, host: copy.source, item: copy, ref: chain[p]!, pos: p, chain };
          const spec = targetSpec(r, chain[p]!);
          if (spec) yield* chooseTargets(g, r, spec, copy, p);
        }
      }
      g.actions.push({ type: 'Stack', item: copy.id, text: copy.text, controller });
    }
  },
  { reads: ['Defined', 'ValidTgts', 'TargetType', 'Controller', 'Amount', 'CopyForEachCanTarget', 'ChooseOnlyOne'] },
);

/** Puts a copy of a spell on the stack under `controller` (CR 707.10: it is not cast). */
function putCopy(g: G, original: StackItem, controller: Seat): StackItem {
  const copy: StackItem = JSON.parse(JSON.stringify(original)) as StackItem;
  copy.id = newId(g);
  copy.copy = true;
  copy.controller = controller;
  copy.text = `copy of ${original.text}`;
  g.s.stack.push(copy);
  touch(g);
  return copy;
}

/**
 * The targets of each copy `CopyForEachCanTarget$` makes (CR 707.10d): the spell targets one
 * object or player (CR 115.9c), and for each other one matching `selector` that the spell could
 * target in every place it targets that one, a copy targets it there instead. A candidate not
 * legal for each instance of "target" gets no copy. Legality is judged for the copy, as its
 * controller would put it on the stack. `True` (Radiate) lets every such object or player count.
 * Each is the new target (`to`) and the copy's targets.
 */
function eachOtherTargetCopy(run: Run, original: StackItem, controller: Seat, selector: string): { to: Ref; targets: StackItem['targets'] }[] {
  const g = run.g;
  const only = singleTarget(original);
  if (only === undefined || original.node.startsWith('#')) return [];
  const probe: StackItem = { ...original, controller };
  const chain = itemChain(g, probe, resolveNode(g.registry, probe.node));
  let pool: Ref[] | undefined;
  for (let p = 0; p < chain.length; p++) {
    if (!original.targets[p]?.length) continue;
    const spellRun: Run = { g, you: controller, host: original.source, item: probe, ref: chain[p]!, pos: p, chain };
    const spec = targetSpec(spellRun, chain[p]!);
    const legal = spec ? candidates(g, spellRun, spec, probe) : [];
    pool = (pool ?? legal).filter((c) => legal.some((l) => sameRef(l, c)));
  }
  return (pool ?? [])
    .filter((c) => !sameRef(c, only) && (selector === 'True' || refMatches(run, selector, c)))
    .map((to) => ({ to, targets: original.targets.map((list) => (list ? list.map(() => to) : list)) }));
}
