/**
 * `DealDamage` (CR 120): `NumDmg$` damage from the host (or `DamageSource$`) to each target or
 * `Defined$` card or player; divided as announced (`DividedAsYouChoose$`, CR 601.2d) or evenly
 * (`DivideEvenly$`). `NoPrevention$` damage can't be prevented (CR 615.12: Combust, Banefire);
 * `ReplaceDyingDefined$` exiles the creatures it names instead if they would die this turn
 * (replace-dying.ts). With `DamageMap$ True` the chain's damage is one simultaneous event
 * (damage-map.ts).
 */
import { param } from '../cards.js';
import { dealDamage, refOf } from '../actions.js';
import { definedCards, definedPlayers } from '../defined.js';
import { registerEffect } from '../resolve.js';
import { amount, damageSource, hasTargets, ownTargets, radianceOf, remember } from './util.js';
import type { Ref } from '../types.js';
import { replaceDying } from './replace-dying.js';
import { damageMapOpen, openDamageMap, queueDamage } from './damage-map.js';

registerEffect(
  'DealDamage',
  function* (run) {
    const g = run.g;
    const source = damageSource(run);
    if (!source) return;
    let targets: Ref[];
    if (hasTargets(run)) {
      targets = ownTargets(run);
      if (param(run.ref, 'Radiance') === 'True') targets = [...targets, ...radianceOf(run, targets)];
    } else {
      const defined = param(run.ref, 'Defined') ?? 'You';
      const cards = definedCards(run, defined)
        .filter((c) => c.live)
        .map((c) => refOf(c.live!));
      const players = definedPlayers(run, defined).map((p): Ref => ({ player: p }));
      targets = cards.length > 0 ? cards : players;
    }
    const n = amount(run, 'NumDmg', 0);
    const divided = run.item?.divided && param(run.ref, 'DividedAsYouChoose') !== undefined ? run.item.divided : null;
    const evenly = param(run.ref, 'DivideEvenly') !== undefined;
    const unpreventable = param(run.ref, 'NoPrevention') === 'True';
    const rememberDamaged = param(run.ref, 'RememberDamaged') === 'True';
    // `DamageMap$ True`: this node's damage and its chain's are one event, dealt by the chain's
    // `DamageResolve` (damage-map.ts); a map already open (a `RepeatEach`'s) takes it as it is.
    if (param(run.ref, 'DamageMap') === 'True' && !damageMapOpen(run)) openDamageMap(run);
    const damaged: Ref[] = [];
    for (let i = 0; i < targets.length; i++) {
      const t = targets[i]!;
      const share = divided ? (divided[i] ?? 0) : evenly ? Math.floor(n / Math.max(1, targets.length)) : n;
      if (queueDamage(run, source, t, share, unpreventable, rememberDamaged ? run : null)) continue;
      const dealt = yield* dealDamage(g, source, t, share, false, unpreventable);
      if (dealt > 0) damaged.push(t);
    }
    if (rememberDamaged) remember(run, damaged);
    replaceDying(run);
  },
  {
    reads: [
      'NumDmg',
      'ValidTgts',
      'Defined',
      'DamageSource',
      'DividedAsYouChoose',
      'DivideEvenly',
      'RememberDamaged',
      'NoPrevention',
      'ReplaceDyingDefined',
      'ReplaceDyingCondition',
      'DamageMap',
      'Radiance',
    ],
  },
);
