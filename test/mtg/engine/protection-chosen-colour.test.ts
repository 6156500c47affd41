// Protection `Gains$ ChosenColor` reads the colour chosen as the host entered, not a new choice:
// Floating Shield ("As Floating Shield enters, choose a color... Sacrifice Floating Shield: Target
// creature gains protection from the chosen color until end of turn"), whose colour is read as
// the Shield last was on the battlefield, since the cost sacrificed it (CR 608.2h). Real cards of
// the Forge corpus (needsCorpus).
import { describe, expect, it } from 'vitest';
import { board, labels, pick, resolveStack } from './helpers.js';
import { realRegistry } from './corpus.js';
import { needsCorpus } from '../../support/corpora.js';

const LIBRARY = ['Island', 'Island', 'Island', 'Island'];

describe('Protection from the chosen colour (Floating Shield)', needsCorpus('forge-cards'), () => {
  it('the sacrificed Shield gives protection from the colour chosen as it entered, asking nothing', () => {
    const g = board(
      { hand: ['Floating Shield'], battlefield: ['Plains', 'Plains', 'Plains', 'Grizzly Bears', 'Hill Giant'], library: LIBRARY },
      { library: LIBRARY },
      { registry: realRegistry() },
    );
    pick(g, 'cast Floating Shield');
    pick(g, 'target Grizzly Bears');
    resolveStack(g);
    // As it enters, its controller chooses a colour (its ETB replacement).
    expect(g.pending()?.kind).toBe('choose');
    pick(g, 'Red');
    resolveStack(g);
    const sacrifice = labels(g).find((l) => l.startsWith('activate Floating Shield'));
    expect(sacrifice).toBeDefined();
    pick(g, sacrifice!);
    pick(g, 'target Hill Giant');
    resolveStack(g);
    // No second choice of colour was asked: the Giant has protection from red.
    expect(g.view(0).battlefield.find((c) => c.name === 'Hill Giant')?.keywords).toContain('Protection from red');
    expect(g.view(0).battlefield.some((c) => c.name === 'Floating Shield')).toBe(false);
  });
});
