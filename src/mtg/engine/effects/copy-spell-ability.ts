/**
 * `CopySpellAbility` (CR 707.10): copy a spell on the stack — the targeted one, or the spell
 * resolving (`Defined$ Parent`) — controlled by `Controller$` (you by default). The copy goes on
 * the stack, and its controller may choose new targets for it (CR 707.10c).
 */
import { askYesNo } from '../ask.js';
import { param, resolveNode } from '../cards.js';
import { newId, touch } from '../context.js';
import { definedPlayers } from '../defined.js';
import { itemChain, registerEffect } from '../resolve.js';
import { chooseTargets, targetSpec } from '../targets.js';
import type { StackItem } from '../types.js';
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
    for (const original of originals.flatMap((o) => Array.from({ length: times }, () => o))) {
      const copy: StackItem = JSON.parse(JSON.stringify(original)) as StackItem;
      copy.id = newId(g);
      copy.copy = true;
      copy.controller = controller;
      copy.text = `copy of ${original.text}`;
      g.s.stack.push(copy);
      touch(g);
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
  { reads: ['Defined', 'ValidTgts', 'TargetType', 'Controller', 'Amount'] },
);
