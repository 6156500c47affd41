// "CARDNAME can't attack alone." and "CARDNAME can't attack or block alone." (CR 506.5: a creature
// attacks or blocks alone when it is the only creature declared as an attacker or blocker; a
// restriction, CR 508.1c, 509.1b) on real cards of the Forge corpus: Bonded Construct, Mogg
// Flunkies. Needs the fetched corpus (needsCorpus).
import { describe, expect, it } from 'vitest';
import type { Game } from '../../../src/mtg/engine/index.js';
import { needsCorpus } from '../../support/corpora.js';
import { realRegistry } from './corpus.js';
import { act, board, labels, passWhile, pick } from './helpers.js';

const LIBRARY = Array.from({ length: 10 }, () => 'Plains');

function game(p0: string[], p1: string[] = []): Game {
  return board({ battlefield: p0, library: LIBRARY }, { battlefield: p1, library: LIBRARY }, { registry: realRegistry() });
}

/** Answers 0 until a point of `kind` is pending (or main phase 2 is reached). */
function until(g: Game, kind: string): void {
  passWhile(g, (x) => x.pending()?.kind !== kind && x.state.step !== 'main2');
}

function toMain2(g: Game): void {
  passWhile(g, (x) => x.state.step !== 'main2' && x.state.turn === 1);
}

describe("can't attack alone (CR 506.5, 508.1c)", needsCorpus('forge-cards'), () => {
  it('Bonded Construct alone is never offered as an attacker', () => {
    const g = game(['Bonded Construct']);
    toMain2(g);
    expect(g.events.some((e) => e.type === 'AttackerDeclared')).toBe(false);
    expect(g.state.players[1].life).toBe(20);
  });

  it('with Grizzly Bears beside it, both attack: 4 damage', () => {
    const g = game(['Bonded Construct', 'Grizzly Bears']);
    act(g, 'attack with Bonded Construct');
    pick(g, 'attack with Grizzly Bears');
    toMain2(g);
    expect(g.state.players[1].life).toBe(16);
  });

  it('declared alone, the declaration is illegal and asked again, saying why', () => {
    const g = game(['Bonded Construct', 'Grizzly Bears']);
    act(g, 'attack with Bonded Construct');
    pick(g, 'done declaring attackers');
    const point = g.pending()!;
    expect(point.kind).toBe('attackers');
    expect(point.prompt).toContain("Bonded Construct can't attack alone");
    // Asked again, it is offered only once another creature attacks: the same choice would be
    // refused again, and a controller that always makes it would never get past the declaration.
    expect(labels(g)).not.toContain('attack with Bonded Construct');
    pick(g, 'attack with Grizzly Bears');
    expect(labels(g)).toContain('attack with Bonded Construct');
    pick(g, 'done declaring attackers');
    toMain2(g);
    // The Bears alone: a legal declaration.
    expect(g.state.players[1].life).toBe(18);
  });

  it('a controller that always declares the first attacker it is offered gets past the declaration', () => {
    const g = game(['Bonded Construct', 'Grizzly Bears']);
    act(g, 'attack with Bonded Construct');
    // "done" at once: alone, refused; then the first offer (Grizzly Bears) and done.
    pick(g, 'done declaring attackers');
    pick(g, 'attack with');
    pick(g, 'done declaring attackers');
    toMain2(g);
    expect(g.state.players[1].life).toBe(18);
  });

  it('two creatures that each cannot attack alone attack together', () => {
    const g = game(['Bonded Construct', 'Mogg Flunkies']);
    act(g, 'attack with Bonded Construct');
    pick(g, 'attack with Mogg Flunkies');
    toMain2(g);
    expect(g.state.players[1].life).toBe(15);
  });
});

describe("can't block alone (CR 506.5, 509.1b): Mogg Flunkies", needsCorpus('forge-cards'), () => {
  it('blocking alone is illegal and asked again; beside another blocker it blocks', () => {
    const g = game(['Grizzly Bears', 'Hill Giant'], ['Mogg Flunkies', 'Wall of Stone']);
    act(g, 'attack with Grizzly Bears');
    pick(g, 'attack with Hill Giant');
    until(g, 'blockers');
    pick(g, 'Mogg Flunkies blocks Grizzly Bears');
    pick(g, 'done');
    expect(g.pending()?.kind).toBe('blockers');
    expect(g.pending()!.prompt).toContain("Mogg Flunkies can't block alone");
    // Asked again, Mogg Flunkies is offered only once another creature blocks.
    expect(labels(g).some((l) => l.startsWith('Mogg Flunkies blocks'))).toBe(false);
    pick(g, 'Wall of Stone blocks Hill Giant');
    // Nothing is left to block with: the declaration ends on its own.
    pick(g, 'Mogg Flunkies blocks Grizzly Bears');
    toMain2(g);
    expect(g.state.players[1].life).toBe(20);
    expect(g.events.filter((e) => e.type === 'BlockerDeclared')).toHaveLength(2);
  });
});
