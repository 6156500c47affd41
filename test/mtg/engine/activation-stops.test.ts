// What stops activated abilities (CR 602.5) stops the automatic payer too: it taps a source for a
// cost without offering its mana ability first, so Arrest's "its activated abilities can't be
// activated" must keep it from tapping the enchanted Llanowar Elves, while Damping Matrix's
// "unless they're mana abilities" (CR 605.1a) must not; and a `CantBeActivated` static's
// `Activator$` names who is stopped (Grand Abolisher: the opponents, during its controller's turn).
// Real cards of the Forge corpus (needsCorpus).
import { describe, expect, it } from 'vitest';
import type { Game, SeatSetup } from '../../../src/mtg/engine/index.js';
import { act, board, labels, pick } from './helpers.js';
import { realRegistry } from './corpus.js';
import { needsCorpus } from '../../support/corpora.js';

const LIBRARY = ['Island', 'Island', 'Island', 'Island'];

function game(p0: SeatSetup, p1: SeatSetup = {}): Game {
  return board({ library: LIBRARY, ...p0 }, { library: LIBRARY, ...p1 }, { registry: realRegistry(), explain: true });
}

const castable = (g: Game, name: string): boolean => labels(g).includes(`cast ${name}`);

describe('what stops activated abilities stops the mana payer', needsCorpus('forge-cards'), () => {
  it('Arrest on Llanowar Elves: the Elves neither tap for mana nor pay a cost', () => {
    const free = game({ hand: ['Grizzly Bears'], battlefield: ['Forest', 'Llanowar Elves'] });
    expect(castable(free, 'Grizzly Bears')).toBe(true);
    const arrested = game({ hand: ['Grizzly Bears'], battlefield: ['Forest', 'Llanowar Elves'] }, { battlefield: [{ name: 'Arrest', attachedToOpponent: 1 }] });
    expect(labels(arrested).some((l) => l.startsWith('activate Llanowar Elves'))).toBe(false);
    // One Forest is all the mana left: the payer may not tap the Elves for the Bears' {1}{G}.
    expect(castable(arrested, 'Grizzly Bears')).toBe(false);
  });

  it('Damping Matrix leaves the payer its mana creatures', () => {
    const g = game({ hand: ['Grizzly Bears'], battlefield: ['Forest', 'Llanowar Elves'] }, { battlefield: ['Damping Matrix'] });
    expect(castable(g, 'Grizzly Bears')).toBe(true);
    act(g, 'cast Grizzly Bears');
    expect(
      g
        .view(0)
        .battlefield.filter((c) => c.tapped)
        .map((c) => c.name)
        .sort(),
    ).toEqual(['Forest', 'Llanowar Elves']);
  });

  it('Grand Abolisher stops its controller’s opponents only, during its controller’s turn', () => {
    const sorcerer = (g: Game) => labels(g).some((l) => l.startsWith('activate Prodigal Sorcerer'));
    // Its own controller is not stopped.
    expect(sorcerer(game({ battlefield: ['Prodigal Sorcerer', 'Grand Abolisher'] }))).toBe(true);
    // Its controller's turn, its opponent holding priority after a spell: the Sorcerer is stopped,
    // and so are the Elves' mana ability.
    const g = game(
      { battlefield: ['Forest', 'Forest', 'Grand Abolisher'], hand: ['Grizzly Bears'] },
      { battlefield: ['Forest', 'Prodigal Sorcerer', 'Llanowar Elves'] },
    );
    pick(g, 'cast Grizzly Bears');
    pick(g, 'pass'); // the caster holds priority first (CR 117.3c)
    expect(g.pending()?.seat).toBe(1);
    expect(g.internals.s.active).toBe(0);
    expect(sorcerer(g)).toBe(false);
    expect(labels(g).some((l) => l.startsWith('activate Llanowar Elves'))).toBe(false);
    // A land is none of the three: its mana ability is still the opponent's.
    expect(labels(g).some((l) => l.startsWith('activate Forest'))).toBe(true);
  });
});
