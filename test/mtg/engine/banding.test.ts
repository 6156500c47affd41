// Banding (CR 702.22) with real cards from the corpus (skipped without it): Benalish Hero
// ("Banding") bands with up to one creature without banding as attackers are declared
// (702.22c, 508.1e); a creature blocking one member blocks the band (702.22h); and the player
// whose creature has banding divides the opposing creature's combat damage as they choose
// (702.22j–k), through the `damage-assignment` point.
import { describe, expect, it } from 'vitest';
import type { Game } from '../../../src/mtg/engine/index.js';
import { needsCorpus } from '../../support/corpora.js';
import { realRegistry } from './corpus.js';
import { board, labels, passWhile, pick, zone } from './helpers.js';

const LIBRARY = Array.from({ length: 10 }, () => 'Plains');

function game(p0: string[], p1: string[]): Game {
  return board({ battlefield: p0, library: LIBRARY }, { battlefield: p1, library: LIBRARY }, { registry: realRegistry() });
}

/** Answers 0 until a point of `kind` is pending (or main phase 2 is reached). */
function until(g: Game, kind: string): void {
  passWhile(g, (x) => x.pending()?.kind !== kind && x.state.step !== 'main2');
}

function toMain2(g: Game): void {
  passWhile(g, (x) => x.state.step !== 'main2' && x.state.turn === 1);
}

describe('banding (CR 702.22)', needsCorpus('forge-cards'), () => {
  it('702.22c/h/k: Benalish Hero bands with Grizzly Bears; the Hill Giant blocking the Bears blocks the band, and I divide its damage: all 3 to the Hero', () => {
    const g = game(['Benalish Hero', 'Grizzly Bears'], ['Hill Giant']);
    pick(g, 'attack with Benalish Hero');
    pick(g, 'attack with Grizzly Bears');
    expect(g.pending()?.kind).toBe('choose');
    expect(labels(g)).toEqual(['done banding with Benalish Hero', 'band Grizzly Bears with Benalish Hero']);
    pick(g, 'band Grizzly Bears with Benalish Hero');
    expect(g.state.combat?.bands).toEqual([[g.state.combat!.attackers[0]!.id, g.state.combat!.attackers[1]!.id]]);
    until(g, 'blockers');
    pick(g, 'Hill Giant blocks Grizzly Bears');
    // 702.22k: the Giant blocks a creature with banding, so the active player divides its 3 damage.
    until(g, 'damage-assignment');
    const point = g.pending()!;
    expect(point.seat).toBe(0);
    // Freely: from all of it to the Bears (the automatic division, all to the first) down to none.
    expect(labels(g)).toEqual(['3 to Grizzly Bears', '2 to Grizzly Bears (lethal)', '1 to Grizzly Bears', '0 to Grizzly Bears']);
    pick(g, '0 to Grizzly Bears');
    toMain2(g);
    expect(g.events.filter((e) => e.type === 'BlockerDeclared').map((e) => (e as { attacker: number }).attacker).length).toBe(2);
    expect(zone(g, 'graveyard-0')).toEqual(['Benalish Hero']);
    // The band's 1 + 2 damage killed the Giant; the Bears live, unhurt.
    expect(zone(g, 'graveyard-1')).toEqual(['Hill Giant']);
    expect(g.state.players[1].life).toBe(20);
  });

  it('702.22c: a band holds at most one creature without banding', () => {
    const g = game(['Benalish Hero', 'Grizzly Bears', 'Grizzly Bears'], ['Hill Giant']);
    pick(g, 'attack with Benalish Hero');
    pick(g, 'attack with Grizzly Bears');
    pick(g, 'attack with Grizzly Bears');
    pick(g, 'band Grizzly Bears with Benalish Hero');
    // The other Bears cannot join: nothing is left to ask.
    until(g, 'blockers');
    expect(g.state.combat?.bands?.[0]?.length).toBe(2);
  });

  it("702.22j: blocked by Benalish Hero and Grizzly Bears, the Hill Giant's damage is divided by the defending player, freely: none to the Hero", () => {
    const g = game(['Hill Giant'], ['Benalish Hero', 'Grizzly Bears']);
    pick(g, 'attack with Hill Giant');
    until(g, 'blockers');
    pick(g, 'Benalish Hero blocks Hill Giant');
    pick(g, 'Grizzly Bears blocks Hill Giant');
    until(g, 'damage-assignment');
    const point = g.pending()!;
    expect(point.seat).toBe(1);
    // Free: the automatic division (lethal first) comes first, then the amounts below lethal.
    expect(labels(g)).toEqual(['1 to Benalish Hero (lethal)', '2 to Benalish Hero', '3 to Benalish Hero', '0 to Benalish Hero']);
    pick(g, '0 to Benalish Hero');
    toMain2(g);
    // All 3 to the Bears: the Hero lives; the Giant took 1 + 2 and died.
    expect(zone(g, 'graveyard-1')).toEqual(['Grizzly Bears']);
    expect(zone(g, 'graveyard-0')).toEqual(['Hill Giant']);
  });

  it('without a creature with banding the attacker divides as before (510.1c): no band is asked', () => {
    const g = game(['Grizzly Bears', 'Grizzly Bears'], []);
    pick(g, 'attack with Grizzly Bears');
    pick(g, 'attack with Grizzly Bears');
    expect(g.pending()?.kind).not.toBe('choose');
    expect(g.state.combat?.bands).toBeUndefined();
  });
});
