/**
 * `RepeatEach`: `RepeatSubAbility$` once for each of `RepeatPlayers$`, `RepeatCards$` (in `Zone$`,
 * the battlefield by default) or `DefinedCards$`, with that player or card remembered on the host
 * while it runs (Forge's convention), or imprinted with `UseImprinted$ True` (Clone Legion's
 * `Defined$ Imprinted`), so what the host already remembers still means what it did.
 *
 * - `ClearRemembered$ True` forgets what the host remembered before the loop.
 * - A player's turn hides the other players the host remembers, so "that player" is only them.
 * - `StartingWithActivator$ True`: "starting with you, each player ..." (Collective Voyage,
 *   Eureka) — the players in turn order from the ability's controller (CR 101.4).
 * - `RepeatOptionalForEachPlayer$ True`: each player chooses whether the sub-ability happens for
 *   them (a tempting offer: "each opponent may ...", CR 608.2d), asked as their turn comes.
 * - `DamageMap$ True`: the damage of every turn is one simultaneous event, dealt once the loop
 *   is over (damage-map.ts: Acidic Soil, Moonlight Hunt).
 */
import { param, svarNode } from '../cards.js';
import { askYesNo } from '../ask.js';
import { touch } from '../context.js';
import { definedCards, definedPlayers } from '../defined.js';
import { aboutNodes, registerEffect, runSub } from '../resolve.js';
import { objectMatches } from '../select.js';
import { cardsIn, hostObject } from './util.js';
import { dealDamageMap, openDamageMap } from './damage-map.js';
import type { Seat } from '../choice.js';
import type { Ref } from '../types.js';

/** `Zone$` values → the piles they name (one per player where each has their own). */
const PILES: Readonly<Record<string, readonly string[]>> = {
  battlefield: ['battlefield'],
  exile: ['exile'],
  command: ['command'],
  hand: ['hand-0', 'hand-1'],
  graveyard: ['graveyard-0', 'graveyard-1'],
  library: ['library-0', 'library-1'],
};

registerEffect(
  'RepeatEach',
  function* (run) {
    const g = run.g;
    const h = hostObject(run);
    if (!h) return;
    const imprint = param(run.ref, 'UseImprinted') === 'True';
    const items: Ref[] = [];
    const cards = param(run.ref, 'RepeatCards');
    if (cards !== undefined) {
      const zones = (param(run.ref, 'Zone') ?? 'Battlefield').split(',').map((z) => z.trim().toLowerCase());
      for (const z of zones)
        for (const pile of PILES[z] ?? [])
          if (g.s.zones[pile]) for (const o of cardsIn(g, pile)) if (objectMatches(run, cards, o)) items.push({ card: o.id, inc: o.inc });
    } else {
      const defined = param(run.ref, 'DefinedCards');
      if (defined !== undefined)
        for (const c of definedCards(run, defined)) {
          const { live, ...lki } = c;
          items.push(live ? { card: live.id, inc: live.inc } : { card: c.id, inc: c.inc, lki });
        }
    }
    if (param(run.ref, 'ClearRemembered') === 'True') h.remembered = [];
    const mapped = param(run.ref, 'DamageMap') === 'True' && openDamageMap(run);
    for (const item of items) {
      const list = imprint ? h.imprinted : h.remembered;
      list.push(item);
      touch(g);
      yield* runSub(g, run, 'RepeatSubAbility');
      const now = imprint ? h.imprinted : h.remembered;
      const at = now.indexOf(item);
      if (at >= 0) now.splice(at, 1);
      touch(g);
    }
    const playerSpec = param(run.ref, 'RepeatPlayers');
    if (playerSpec !== undefined) {
      let players: Seat[] = definedPlayers(run, playerSpec);
      if (param(run.ref, 'StartingWithActivator') === 'True') {
        const at = players.indexOf(run.you);
        if (at > 0) players = [...players.slice(at), ...players.slice(0, at)];
      }
      const optional = param(run.ref, 'RepeatOptionalForEachPlayer') === 'True';
      const subName = param(run.ref, 'RepeatSubAbility');
      const sub = subName ? svarNode(g.registry, run.ref, subName) : undefined;
      for (const p of players) {
        if (optional) {
          const about = sub ? aboutNodes(g, run, 'optional', [[sub, run.item?.targets.length ?? 0]]) : undefined;
          const prompt = param(run.ref, 'RepeatOptionalMessage') ?? 'Do you want to do this?';
          if (!(yield* askYesNo(g, p, prompt, about))) continue;
        }
        // The player's turn hides the other players the host remembers (Forge swaps them out),
        // so `Defined$ Remembered` is that player alone; they come back afterwards.
        const others = h.remembered.filter((r) => 'player' in r);
        h.remembered = h.remembered.filter((r) => !('player' in r));
        const item: Ref = { player: p };
        h.remembered.push(item);
        touch(g);
        yield* runSub(g, run, 'RepeatSubAbility');
        const at = h.remembered.indexOf(item);
        if (at >= 0) h.remembered.splice(at, 1);
        h.remembered.push(...others);
        touch(g);
      }
    }
    if (mapped) yield* dealDamageMap(run);
  },
  {
    reads: [
      'RepeatPlayers',
      'RepeatCards',
      'RepeatSubAbility',
      'Zone',
      'DefinedCards',
      'UseImprinted',
      'ClearRemembered',
      'StartingWithActivator',
      'RepeatOptionalForEachPlayer',
      'RepeatOptionalMessage',
      'DamageMap',
    ],
  },
);
