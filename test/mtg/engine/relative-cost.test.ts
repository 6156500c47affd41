// `ReduceCost` with `Relative$ True` (CR 601.2f): a reduction that depends on the spell's targets,
// found once they are chosen; before, the spell is offered when the most the reduction can be
// makes it payable. Savage Stomp, "costs {2} less to cast if it targets a Dinosaur you control",
// against its Oracle text. Skipped without the corpus (needsCorpus).
import { describe, expect, it } from 'vitest';
import type { Game, SeatSetup } from '../../../src/mtg/engine/index.js';
import { needsCorpus } from '../../support/corpora.js';
import { realRegistry } from './corpus.js';
import { act, board, field, labels, pick, resolveStack, zone } from './helpers.js';

const LIBRARY = ['Forest', 'Forest', 'Forest'];

function game(p0: SeatSetup, p1: SeatSetup): Game {
  return board({ library: LIBRARY, ...p0 }, { library: LIBRARY, ...p1 }, { registry: realRegistry() });
}

/** Picks a target when asked: a choice with one option is never asked. */
function target(g: Game, name: string): void {
  if (g.pending()?.kind === 'targets') pick(g, `target ${name}`);
}

const untappedForests = (g: Game) => g.view(0).battlefield.filter((c) => c.name === 'Forest' && !c.tapped).length;

describe('Relative$ cost reduction (CR 601.2f): Savage Stomp', needsCorpus('forge-cards'), () => {
  it('targeting a Dinosaur you control it costs {G}: offered with one Forest', () => {
    const g = game({ hand: ['Savage Stomp', 'Forest'], battlefield: ['Forest', 'Ripjaw Raptor'] }, { battlefield: ['Grizzly Bears'] });
    expect(labels(g)).toContain('cast Savage Stomp');
    act(g, 'cast Savage Stomp');
    target(g, 'Ripjaw Raptor');
    target(g, 'Grizzly Bears');
    resolveStack(g);
    expect(zone(g, 'graveyard-0')).toEqual(['Savage Stomp']);
    expect(untappedForests(g)).toBe(0);
    // A +1/+1 counter, then the fight: 5 damage kills the Bears, which deal 2 back (the Raptor's
    // enrage draws a card).
    expect(zone(g, 'graveyard-1')).toEqual(['Grizzly Bears']);
    const raptor = g.view(0).battlefield.find((c) => c.name === 'Ripjaw Raptor')!;
    expect(g.state.objects[raptor.id]!.counters).toEqual({ P1P1: 1 });
  });

  it('targeting a creature that is not a Dinosaur it costs its full {2}{G}', () => {
    const g = game(
      { hand: ['Savage Stomp', 'Forest'], battlefield: ['Forest', 'Forest', 'Forest', 'Centaur Courser', 'Ripjaw Raptor'] },
      { battlefield: ['Grizzly Bears'] },
    );
    act(g, 'cast Savage Stomp');
    target(g, 'Centaur Courser');
    target(g, 'Grizzly Bears');
    expect(untappedForests(g)).toBe(0);
    resolveStack(g);
    expect(zone(g, 'graveyard-1')).toEqual(['Grizzly Bears']);
  });

  it('with one Forest, choosing a target that is not a Dinosaur leaves the spell unpayable: the cast is undone (CR 732)', () => {
    const g = game({ hand: ['Savage Stomp', 'Forest'], battlefield: ['Forest', 'Centaur Courser', 'Ripjaw Raptor'] }, { battlefield: ['Grizzly Bears'] });
    act(g, 'cast Savage Stomp');
    target(g, 'Centaur Courser');
    target(g, 'Grizzly Bears');
    expect(zone(g, 'hand-0')).toContain('Savage Stomp');
    expect(untappedForests(g)).toBe(1);
    expect(field(g, 1)).toEqual(['Grizzly Bears']);
  });
});
