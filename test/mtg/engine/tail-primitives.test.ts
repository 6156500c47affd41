// Scenarios for issue 20's ChangeTargets, MustBlock, Reveal costs, Crew and PreventDamage statics, on real cards of the Forge corpus
// (skipped without it). The corpus puzzles api-change-targets-*.pzl, cost-reveal-choked-estuary.pzl
// kw-crew-sleek-schooner.pzl and stat-prevent-damage-sphere-of-law.pzl play the main line of each; these check the other branches and
// what each seat is told.
import { describe, expect, it } from 'vitest';
import type { Game, SeatSetup } from '../../../src/mtg/engine/index.js';
import { act, board, find, labels, pick, resolveStack, zone } from './helpers.js';
import { realRegistry } from './corpus.js';
import { needsCorpus } from '../../support/corpora.js';

const LIBRARY = ['Island', 'Island', 'Island', 'Island'];

function game(p0: SeatSetup, p1: SeatSetup = {}, active: 0 | 1 = 0): Game {
  return board({ library: LIBRARY, ...p0 }, { library: LIBRARY, ...p1 }, { registry: realRegistry(), active });
}

function retargets(g: Game): string[][] {
  return g.events.flatMap((e) => (e.type === 'TargetsChanged' ? [e.targets] : []));
}

describe('ChangeTargets, Reveal costs and Crew on real cards', needsCorpus('forge-cards'), () => {
  it('ChangeTargets with a magnet: Spellskite changes the Shock aimed at my Grizzly Bears to itself (CR 115.7b)', () => {
    const g = game({ battlefield: ['Spellskite', 'Island', 'Grizzly Bears'] }, { hand: ['Shock'], battlefield: ['Mountain'] }, 1);
    act(g, 'cast Shock');
    pick(g, 'target Grizzly Bears');
    act(g, 'activate Spellskite');
    resolveStack(g);
    expect(retargets(g)).toEqual([['Spellskite']]);
    // Nobody has anything left to do, so the game runs on past the cleanup: the events tell the damage.
    expect(g.events.flatMap((e) => (e.type === 'DamageDealt' ? [[e.sourceName, e.target, e.amount]] : []))).toEqual([['Shock', 'Spellskite', 2]]);
  });

  it('ChangeTargets with no other legal target changes nothing (CR 115.7a): Deflection on an Unsummon of my only creature', () => {
    const g = game(
      { hand: ['Deflection'], battlefield: ['Island', 'Island', 'Island', 'Island', 'Grizzly Bears'] },
      { hand: ['Unsummon'], battlefield: ['Island'] },
      1,
    );
    act(g, 'cast Unsummon');
    act(g, 'cast Deflection');
    resolveStack(g);
    expect(retargets(g)).toEqual([]);
    expect(zone(g, 'hand-0')).toContain('Grizzly Bears');
  });

  it('TargetsSingleTarget: Deflection may target a spell with one target, not a spell with two (Seeds of Strength)', () => {
    const g = game(
      { hand: ['Deflection'], battlefield: ['Island', 'Island', 'Island', 'Island'] },
      { hand: ['Seeds of Strength'], battlefield: ['Forest', 'Plains', 'Grizzly Bears', 'Savannah Lions'] },
      1,
    );
    act(g, 'cast Seeds of Strength');
    pick(g, 'target Grizzly Bears');
    pick(g, 'target Savannah Lions');
    pick(g, 'target Grizzly Bears');
    act(g, 'pass');
    expect(g.pending()?.seat).toBe(0);
    expect(labels(g).some((l) => l.startsWith('cast Deflection'))).toBe(false);
  });

  it('Reveal as a cost: the Swamp Choked Estuary reveals becomes known to the opponent; not revealing, it enters tapped', () => {
    const g = game({ hand: ['Choked Estuary', 'Swamp'] });
    const opponentSees = () => JSON.stringify(g.view(1)).includes('"Swamp"');
    expect(opponentSees()).toBe(false);
    act(g, 'play Choked Estuary');
    pick(g, 'yes');
    expect(find(g, 'Choked Estuary', 0).tapped).toBe(false);
    expect(opponentSees()).toBe(true);
    expect(g.actions.some((a) => a.type === 'RevealCard' && a.name === 'Swamp' && a.to.includes(1))).toBe(true);

    const h = game({ hand: ['Choked Estuary', 'Swamp'] });
    act(h, 'play Choked Estuary');
    pick(h, 'no');
    expect(find(h, 'Choked Estuary', 0).tapped).toBe(true);
    expect(JSON.stringify(h.view(1)).includes('"Swamp"')).toBe(false);
  });

  it('Crew 3 (Irontread Crusher): not offered with total power 2; with 4 the crew is chosen, and the Vehicle is a creature until end of turn', () => {
    const short = game({ battlefield: ['Irontread Crusher', 'Grizzly Bears'] });
    expect(labels(short).some((l) => l.startsWith('activate Irontread Crusher'))).toBe(false);

    const g = game({ battlefield: ['Irontread Crusher', 'Grizzly Bears', 'Savannah Lions', 'Goblin Piker'] });
    expect(find(g, 'Irontread Crusher', 0).types).not.toContain('Creature');
    act(g, 'activate Irontread Crusher');
    // Each pick is asked while some creature could still be left out; Bears 2 + Piker 2 reach 3.
    pick(g, 'Grizzly Bears');
    pick(g, 'Goblin Piker');
    resolveStack(g);
    expect(find(g, 'Irontread Crusher', 0).types).toContain('Creature');
    expect([find(g, 'Grizzly Bears', 0).tapped, find(g, 'Goblin Piker', 0).tapped, find(g, 'Savannah Lions', 0).tapped]).toEqual([true, true, false]);
    act(g, 'pass');
    while (g.pending() && g.pending()!.turn === 1) g.choose(0);
    expect(find(g, 'Irontread Crusher', 0).types).not.toContain('Creature');
  });

  it("PreventDamage statics: Sphere of Law's red-only prevention does not touch a green attacker; Urza's Armor prevents 1 of its combat damage", () => {
    const g = game({ battlefield: ['Sphere of Law', "Urza's Armor"] }, { battlefield: ['Grizzly Bears'] }, 1);
    act(g, 'attack with Grizzly Bears');
    while (g.pending() && g.pending()!.turn === 1) g.choose(0);
    expect(g.events.flatMap((e) => (e.type === 'DamageDealt' ? [[e.sourceName, e.target, e.amount, e.combat]] : []))).toEqual([
      ['Grizzly Bears', 'p1', 1, true],
    ]);
    expect(g.state.players[0].life).toBe(19);
  });

  it('MustBlock: the creature Rampant Elephant targets blocks it though its player declares no blocks (CR 509.1c)', () => {
    const g = game({ battlefield: ['Rampant Elephant', 'Forest'] }, { battlefield: ['Savannah Lions'] });
    act(g, 'activate Rampant Elephant');
    pick(g, 'target Savannah Lions');
    resolveStack(g);
    act(g, 'attack with Rampant Elephant');
    act(g, 'done declaring blockers');
    expect(g.events.flatMap((e) => (e.type === 'BlockerDeclared' ? [e.name] : []))).toEqual(['Savannah Lions']);
  });
});
