/**
 * `ProtectionAll` (CR 702.16): every permanent `ValidCards$` names and every player `ValidPlayers$`
 * names gains protection until end of turn, from a colour chosen now (`Gains$ Choice`), the
 * host's chosen colour (`ChosenColor`, after a `ChooseColor`: Akroma's Blessing, Seht's Tiger),
 * the colours of the target (`TargetedCardColor`: Kabira Evangel) or qualities written out.
 */
import { param } from '../cards.js';
import { registerEffect } from '../resolve.js';
import { matchesCard, matchesPlayer, seen } from '../select.js';
import type { Seat } from '../choice.js';
import { addEffect, durationOf } from './util.js';
import { protectionQualities } from './protection.js';

const SEATS: readonly Seat[] = [0, 1];

registerEffect(
  'ProtectionAll',
  function* (run) {
    const g = run.g;
    const qualities = yield* protectionQualities(run);
    if (qualities.length === 0) return;
    const keywords = qualities.map((q) => `Protection from ${q}`);
    const duration = durationOf(run);
    const cards = param(run.ref, 'ValidCards');
    if (cards !== undefined) {
      const affected = g.s.zones['battlefield']!.map((id) => g.s.objects[id]!).filter((o) => matchesCard(run, cards, seen(run, o)));
      addEffect(run, affected, { addKeywords: keywords }, duration);
    }
    const players = param(run.ref, 'ValidPlayers');
    if (players !== undefined)
      addEffect(
        run,
        SEATS.filter((s) => matchesPlayer(run, players, s)),
        { addKeywords: keywords },
        duration,
      );
  },
  { reads: ['Gains', 'Choices', 'ValidCards', 'ValidPlayers', 'ValidTgts'] },
);
