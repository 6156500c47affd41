/**
 * `Manifest` (CR 701.40): the top card of a library (`Defined$ TopOfLibrary`, the default), or
 * the `Defined$` cards, are put onto the battlefield face down as 2/2 creatures, one at a time
 * (CR 701.40e), turned face down before they move (CR 708.3: nothing of theirs applies as they
 * enter). Their controller may turn one face up any time it has priority for its mana cost if it
 * is a creature card, or for its morph cost (CR 701.40b, c; face-down.ts, cast.ts).
 * `DefinedPlayer$` says who manifests (default you); `RememberManifested$ True` remembers them on
 * the host; `Shuffle$ True` shuffles the manifesting player's library afterwards.
 */
import { touch } from '../context.js';
import { param } from '../cards.js';
import { definedCards, definedPlayers } from '../defined.js';
import { changeZone, refOf } from '../actions.js';
import { shuffleLibrary } from '../zones.js';
import { registerEffect } from '../resolve.js';
import { amount, remember } from './util.js';
import type { GameObject } from '../types.js';

registerEffect(
  'Manifest',
  function* (run) {
    const g = run.g;
    const defined = param(run.ref, 'Defined') ?? 'TopOfLibrary';
    const players = param(run.ref, 'DefinedPlayer') === undefined ? [run.you] : definedPlayers(run, param(run.ref, 'DefinedPlayer'));
    for (const seat of players) {
      const n = amount(run, 'Amount', 1);
      const fixed = defined === 'TopOfLibrary' ? null : definedCards(run, defined).flatMap((s) => (s.live ? [s.live] : []));
      for (let i = 0; i < (fixed ? fixed.length : n); i++) {
        const top = g.s.zones[`library-${seat}`]![0];
        const card: GameObject | undefined = fixed ? fixed[i] : top === undefined ? undefined : (g.s.objects[top] ?? undefined);
        if (!card || card.zone === 'battlefield') continue;
        card.faceDown = true;
        card.manifested = true;
        touch(g);
        const [moved] = yield* changeZone(g, [card], 'battlefield', { controller: seat });
        if (!moved || moved.zone !== 'battlefield') {
          // A replacement sent it elsewhere (CR 701.40f): it stays as it was.
          card.faceDown = false;
          delete card.manifested;
          touch(g);
          continue;
        }
        if (param(run.ref, 'RememberManifested') === 'True') remember(run, [refOf(moved)]);
      }
      if (param(run.ref, 'Shuffle') === 'True') shuffleLibrary(g, seat);
    }
  },
  { reads: ['Defined', 'DefinedPlayer', 'Amount', 'RememberManifested', 'Shuffle'] },
);
