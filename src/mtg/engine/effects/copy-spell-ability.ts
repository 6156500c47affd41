/**
 * `CopySpellAbility` (CR 707.10): copy a spell on the stack — the targeted one, or the spell
 * resolving (`Defined$ Parent`) — controlled by `Controller$` (you by default). The copy goes on
 * the stack, and its controller may choose new targets for it (CR 707.10c).
 */
import { askYesNo } from '../ask.js';
import { param, resolveNode } from '../cards.js';
import { newId, touch } from '../context.js';
import { definedPlayers } from '../defined.js';
import { chainOf, registerEffect } from '../resolve.js';
import { chooseTargets, targetSpec } from '../targets.js';
import type { StackItem } from '../types.js';

registerEffect(
  'CopySpellAbility',
  function* (run) {
    const g = run.g;
    const originals: StackItem[] = [];
    if (param(run.ref, 'Defined') === 'Parent' && run.item) originals.push(run.item);
    for (const t of run.item?.targets[run.pos ?? 0] ?? []) {
      const found =
        'card' in t ? g.s.stack.find((s) => s.kind === 'spell' && s.source === t.card) : 'stack' in t ? g.s.stack.find((s) => s.id === t.stack) : undefined;
      if (found && param(run.ref, 'Defined') !== 'Parent') originals.push(found);
    }
    const controller = param(run.ref, 'Controller') !== undefined ? (definedPlayers(run, param(run.ref, 'Controller'))[0] ?? run.you) : run.you;
    for (const original of originals) {
      const copy: StackItem = JSON.parse(JSON.stringify(original)) as StackItem;
      copy.id = newId(g);
      copy.copy = true;
      copy.controller = controller;
      copy.text = `copy of ${original.text}`;
      g.s.stack.push(copy);
      touch(g);
      if (original.node.startsWith('#')) continue;
      const root = resolveNode(g.registry, copy.node);
      const chain = chainOf(g, root, copy.modes);
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
  { reads: ['Defined', 'ValidTgts', 'TargetType', 'Controller'] },
);
