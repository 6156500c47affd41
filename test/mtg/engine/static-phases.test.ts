// A static ability's `Phases$` (Forge's `StaticAbility` applies it only in those steps), on the real
// card: Basandra, Battle Seraph's "Players can't cast spells during combat." (`CantBeCast` with
// `Phases$ BeginCombat->EndCombat`). Needs the fetched corpus (needsCorpus).
import { describe, expect, it } from 'vitest';
import type { Game } from '../../../src/mtg/engine/index.js';
import { needsCorpus } from '../../support/corpora.js';
import { realRegistry } from './corpus.js';
import { board, labels, passWhile } from './helpers.js';

const LIBRARY = Array.from({ length: 10 }, () => 'Mountain');

function game(): Game {
  return board(
    { battlefield: ['Basandra, Battle Seraph', 'Mountain', 'Grizzly Bears'], hand: ['Lightning Bolt'], library: LIBRARY },
    { battlefield: ['Mountain'], hand: ['Lightning Bolt'], library: LIBRARY },
    { registry: realRegistry() },
  );
}

const bolt = (g: Game) => labels(g).some((l) => l.startsWith('cast Lightning Bolt'));

describe('Phases$ on a static (Basandra, Battle Seraph)', needsCorpus('forge-cards'), () => {
  it('Lightning Bolt is offered in main phase 1, not during combat, and again in main phase 2', () => {
    const g = game();
    expect(g.state.step).toBe('main1');
    expect(bolt(g)).toBe(true);
    // Through combat, every priority point of either player: no spell offered.
    let combatPoints = 0;
    passWhile(g, (x) => {
      const step = x.state.step;
      if (step === 'main2') return false;
      if (step !== 'main1' && x.pending()?.kind === 'priority') {
        combatPoints++;
        expect(bolt(x), `${step} p${x.pending()!.seat + 1}`).toBe(false);
      }
      return true;
    });
    expect(combatPoints).toBeGreaterThan(0);
    expect(g.state.step).toBe('main2');
    expect(bolt(g)).toBe(true);
  });
});
