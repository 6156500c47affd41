// Damping Matrix's `CantBeActivated | NonMana$ True` (CR 602.5, 605.1a: "Activated abilities of
// artifacts and creatures can't be activated unless they're mana abilities"), on real cards of
// the Forge corpus. Needs the fetched corpus (needsCorpus).
import { describe, expect, it } from 'vitest';
import type { Game, SeatSetup } from '../../../src/mtg/engine/index.js';
import { act, board, field, labels, resolveStack } from './helpers.js';
import { realRegistry } from './corpus.js';
import { needsCorpus } from '../../support/corpora.js';

const LIBRARY = ['Island', 'Island', 'Island', 'Island'];

function game(p0: SeatSetup, p1: SeatSetup = {}): Game {
  return board({ library: LIBRARY, ...p0 }, { library: LIBRARY, ...p1 }, { registry: realRegistry(), explain: true });
}

/** The reason the pending priority point gives for an action it does not offer. */
function why(g: Game, label: string): string | undefined {
  return g.pending()?.unavailable?.find((u) => u.label.startsWith(label))?.reason;
}

describe('Damping Matrix (CantBeActivated NonMana$)', needsCorpus('forge-cards'), () => {
  it('stops a creature’s and an artifact’s non-mana abilities; their mana abilities still pay', () => {
    const g = game(
      { hand: ['Grizzly Bears'], battlefield: ['Forest', 'Prodigal Sorcerer', 'Llanowar Elves', 'Mind Stone'] },
      { battlefield: ['Damping Matrix'] },
    );
    // Prodigal Sorcerer's ping and Mind Stone's draw are stopped (CR 602.5)...
    expect(labels(g).some((l) => l.startsWith('activate Prodigal Sorcerer'))).toBe(false);
    expect(why(g, 'activate Prodigal Sorcerer')).toBe('condition');
    expect(why(g, 'activate Mind Stone')).toBe('condition');
    // ...but not their mana abilities (CR 605.1a): Llanowar Elves and Mind Stone tap for mana.
    expect(labels(g)).toContain('activate Llanowar Elves: T: Add {G}.');
    expect(labels(g)).toContain('activate Mind Stone: T: Add {C}.');
    act(g, 'activate Llanowar Elves: T: Add {G}.');
    act(g, 'cast Grizzly Bears');
    resolveStack(g);
    expect(field(g, 0)).toContain('Grizzly Bears');
  });

  it('a land’s abilities are not stopped until it is a creature: Mishra’s Factory', () => {
    const g = game({ battlefield: ["Mishra's Factory", 'Mountain', 'Mountain'] }, { battlefield: ['Damping Matrix'] });
    const animate = labels(g).find((l) => l.startsWith("activate Mishra's Factory: 1:"));
    expect(animate).toBeDefined();
    act(g, animate!);
    // Now an artifact creature, its remaining non-mana abilities are stopped (even its animation).
    resolveStack(g);
    expect(g.view(0).battlefield.find((c) => c.name === "Mishra's Factory")?.types).toContain('Creature');
    // (The automatic payer tapped the Factory itself for the {1}; its mana ability is only tapped.)
    const reasons = (g.pending()?.unavailable ?? []).filter((u) => u.card?.name === "Mishra's Factory").map((u) => [u.ability, u.reason]);
    expect(reasons).toEqual([
      [0, 'tapped'],
      [1, 'condition'],
      [2, 'condition'],
    ]);
  });
});
