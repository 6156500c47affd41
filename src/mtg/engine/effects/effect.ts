/**
 * `Effect`: an effect object in the command zone (like an emblem, CR 114) carrying statics,
 * triggers, replacement effects and activated abilities named by `StaticAbilities$`, `Triggers$`,
 * `ReplacementEffects$` and `Abilities$`, for a duration (end of turn unless `Duration$` says otherwise), or until
 * its remembered cards leave a zone (`ForgetOnMoved$`, `ExileOnMoved$`: zones.ts).
 */
import { param, svarKeys } from '../cards.js';
import { touch } from '../context.js';
import { definedCards, definedPlayers } from '../defined.js';
import { registerEffect } from '../resolve.js';
import { lkiOfSeen } from '../select.js';
import { createTokenObject } from '../zones.js';
import { durationOf, effectObjectDef, hostObject } from './util.js';
import type { Duration, Zone } from '../types.js';
import { atEndOfTurn } from './at-eot.js';

/** Forge's zone words for `ForgetOnMoved$`/`ExileOnMoved$` (zones.ts watches the moves). */
const ZONE_OF: Record<string, Zone> = { Battlefield: 'battlefield', Exile: 'exile', Graveyard: 'graveyard', Hand: 'hand', Library: 'library', Stack: 'stack' };

registerEffect(
  'Effect',
  function* (run) {
    const g = run.g;
    const [card, face] = run.ref.key.split('|') as [string, string];
    const list = (key: string) => svarKeys(run.ref, param(run.ref, key));
    const def = effectObjectDef(card, face, param(run.ref, 'Name') ?? `${card} Effect`, {
      triggers: list('Triggers'),
      statics: list('StaticAbilities'),
      replacements: list('ReplacementEffects'),
      // Activated abilities, offered from the command zone to the effect's owner (Channel's).
      abilities: list('Abilities'),
    });
    const owner = param(run.ref, 'EffectOwner') !== undefined ? (definedPlayers(run, param(run.ref, 'EffectOwner'))[0] ?? run.you) : run.you;
    // `Stackable$ False`: a second copy does nothing while the owner has one (an emblem whose
    // copies would do the same, Gideon of the Trials's).
    if (param(run.ref, 'Stackable') === 'False' && g.s.zones['command']!.some((id) => g.s.objects[id]!.owner === owner && g.s.objects[id]!.card === def.name))
      return;
    const o = createTokenObject(g, def, owner, def.name, 'command');
    const d = param(run.ref, 'Duration');
    const h = hostObject(run);
    const duration: Duration =
      d === 'Permanent' ? { until: 'forever' } : d === 'UntilHostLeavesPlay' && h ? { until: 'host-leaves', host: h.id, inc: h.inc } : durationOf(run);
    o.effect = { source: run.host, duration };
    const forget = ZONE_OF[param(run.ref, 'ForgetOnMoved') ?? ''];
    if (forget) o.effect.forgetOnMoved = forget;
    const exileOn = ZONE_OF[param(run.ref, 'ExileOnMoved') ?? ''];
    if (exileOn) o.effect.exileOnMoved = exileOn;
    const rem = param(run.ref, 'RememberObjects');
    if (rem !== undefined) {
      for (const c of definedCards(run, rem)) {
        // A card this same ability has just exiled (Banisher Priest, Lunarch Inquisitors: "exile
        // target creature until ...") is remembered as the new object it became in exile (CR
        // 400.7), as Forge's card identity follows it there, so the effect's return finds it; its
        // last known information still matches the old object.
        const live = g.s.objects[c.id];
        const exiledHere = live != null && live.inc !== c.inc && live.zone === 'exile' && live.exiledWith === run.host;
        o.remembered.push({ card: c.id, inc: exiledHere && live ? live.inc : c.inc, lki: lkiOfSeen(c) });
      }
      for (const p of definedPlayers(run, rem)) if (!definedCards(run, rem).length) o.remembered.push({ player: p });
    }
    const imprint = param(run.ref, 'ImprintCards');
    if (imprint !== undefined) for (const c of definedCards(run, imprint)) o.imprinted.push({ card: c.id, inc: c.inc });
    // The effect knows what its source chose (a Circle of Protection's chosen source).
    if (h) o.chosen = JSON.parse(JSON.stringify(h.chosen)) as typeof o.chosen;
    // Forge's EffectEffect: `AtEOT$` is about the effect's host (Varchild's Crusader sacrifices itself).
    if (h) atEndOfTurn(run, [h]);
    touch(g);
  },
  {
    reads: [
      'Name',
      'Triggers',
      'StaticAbilities',
      'ReplacementEffects',
      'Abilities',
      'Duration',
      'RememberObjects',
      'ImprintCards',
      'EffectOwner',
      'AtEOT',
      'Stackable',
      'ForgetOnMoved',
      'ExileOnMoved',
    ],
  },
);
