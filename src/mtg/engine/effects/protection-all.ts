/**
 * `ProtectionAll` (CR 702.16): every permanent `ValidCards$` names and every player `ValidPlayers$`
 * names gains protection until end of turn, from a colour chosen now (`Gains$ Choice`), the
 * host's chosen colour (`ChosenColor`, after a `ChooseColor`: Akroma's Blessing, Seht's Tiger),
 * the colours of the target (`TargetedCardColor`: Kabira Evangel) or qualities written out.
 */
import { ask } from '../ask.js';
import { param } from '../cards.js';
import { newId, nextTick, touch } from '../context.js';
import { chars } from '../layers.js';
import { registerEffect } from '../resolve.js';
import { matchesCard, matchesPlayer, seen } from '../select.js';
import type { Seat } from '../choice.js';
import { addEffect, durationOf, hostObject, ownTargets } from './util.js';

const SEATS: readonly Seat[] = [0, 1];
const COLOURS = ['white', 'blue', 'black', 'red', 'green'];
const WORD: Record<string, string> = { W: 'white', U: 'blue', B: 'black', R: 'red', G: 'green' };

registerEffect(
  'ProtectionAll',
  function* (run) {
    const g = run.g;
    const gains = param(run.ref, 'Gains') ?? 'Choice';
    let qualities: string[];
    if (gains === 'Choice') {
      const written = param(run.ref, 'Choices');
      const options = written === undefined || written === 'AnyColor' ? COLOURS : written.split(',').map((c) => c.trim().toLowerCase());
      const k = yield* ask(
        g,
        run.you,
        'choose',
        'Choose a colour for protection',
        options.map((c) => ({ label: c, action: { verb: 'choose', text: c } })),
      );
      qualities = [options[k]!];
    } else if (gains === 'ChosenColor') {
      const chosen = hostObject(run)?.chosen.colour;
      qualities = chosen === undefined ? [] : [chosen.toLowerCase()];
    } else if (gains === 'TargetedCardColor') {
      // The colours of the target as the ability resolves (CR 608.2h); none if it is colourless or gone.
      qualities = [];
      for (const t of ownTargets(run)) {
        if (!('card' in t)) continue;
        const o = g.s.objects[t.card];
        if (!o || o.inc !== t.inc || o.zone !== 'battlefield') continue;
        for (const c of chars(g, o).colours) if (WORD[c] && !qualities.includes(WORD[c])) qualities.push(WORD[c]);
      }
    } else qualities = gains.split(',').map((c) => c.trim().toLowerCase());
    if (qualities.length === 0) return;
    const keywords = qualities.map((q) => `Protection from ${q}`);
    const duration = durationOf(run);
    const cards = param(run.ref, 'ValidCards');
    if (cards !== undefined) {
      const affected = g.s.zones['battlefield']!.map((id) => g.s.objects[id]!).filter((o) => matchesCard(run, cards, seen(run, o)));
      addEffect(run, affected, { addKeywords: keywords }, duration);
    }
    const players = param(run.ref, 'ValidPlayers');
    if (players !== undefined) {
      const affected = SEATS.filter((s) => matchesPlayer(run, players, s));
      if (affected.length > 0) {
        g.s.effects.push({
          id: newId(g),
          timestamp: nextTick(g),
          source: run.host,
          controller: run.you,
          affected: affected.map((s) => ({ player: s })),
          mods: { addKeywords: keywords },
          duration,
        });
        touch(g);
      }
    }
  },
  { reads: ['Gains', 'Choices', 'ValidCards', 'ValidPlayers', 'ValidTgts'] },
);
