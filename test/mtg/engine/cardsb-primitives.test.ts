// Scenarios for issue 20's list B of primitives on real cards of the Forge corpus (skipped without
// it): costs to attack and block (CR 508.1h–j, 509.1d–f), additional phases (CR 500.8). The
// corpus puzzles stat-cant-attack-unless-propaganda.pzl, stat-cant-block-unless-hipparion.pzl,
// api-add-phase-relentless-assault.pzl and trig-first-attack-aurelia.pzl play the main line of
// each; these check the other branches, and that a game saved in an added phase resumes in it.
import { describe, expect, it } from 'vitest';
import { createGame, restoreGame, runReplicated, type Game, type Seat, type SeatSetup } from '../../../src/mtg/engine/index.js';
import { createController } from '../../../src/mtg/controllers/index.js';
import { gameLogLines } from './replica/helpers.js';
import { act, board, labels, passUntil, resolveStack } from './helpers.js';
import { realRegistry } from './corpus.js';
import { needsCorpus } from '../../support/corpora.js';

const LIBRARY = ['Island', 'Island', 'Island', 'Island'];

function game(p0: SeatSetup, p1: SeatSetup = {}, active: 0 | 1 = 0): Game {
  return board({ library: LIBRARY, ...p0 }, { library: LIBRARY, ...p1 }, { registry: realRegistry(), active });
}

function life(g: Game, seat: 0 | 1): number {
  return g.view(seat).players[seat].life;
}

describe('costs to attack and to block', needsCorpus('forge-cards'), () => {
  it('Propaganda charges {2} per attacker, shown on the option; a planeswalker attack is free (Target$ You)', () => {
    const g = game({ battlefield: ['Grizzly Bears', 'Forest', 'Forest'] }, { battlefield: ['Propaganda', { name: 'Jace Beleren', counters: { LOYALTY: 3 } }] });
    for (let i = 0; i < 50 && g.pending()?.kind !== 'attackers'; i++) g.choose(0);
    const offered = labels(g);
    expect(offered).toContain('attack with Grizzly Bears (pay {2})');
    expect(offered).toContain('attack Jace Beleren with Grizzly Bears');
  });

  it('Ghostly Prison: no attacker is offered without the mana, so the declaration is never asked', () => {
    const g = game({ battlefield: ['Grizzly Bears', 'Forest'] }, { battlefield: ['Ghostly Prison'] });
    for (let i = 0; i < 50 && g.pending(); i++) {
      expect(g.pending()!.kind).not.toBe('attackers');
      if (g.pending()!.turn > 1) break;
      g.choose(0);
    }
    expect(life(g, 1)).toBe(20);
  });

  it('a requirement is not obeyed at a cost (CR 508.1d): a creature that attacks each combat if able stays home under Propaganda', () => {
    const g = game({ battlefield: ['Bloodrock Cyclops', 'Mountain', 'Mountain', 'Mountain'] }, { battlefield: ['Propaganda'] });
    passUntil(g, 'main2');
    expect(life(g, 1)).toBe(20);
  });

  it('Flooded Woodlands: a green attacker costs a land sacrificed as attackers are declared', () => {
    const g = game({ battlefield: ['Grizzly Bears', 'Forest'] }, { battlefield: ['Flooded Woodlands'] });
    act(g, 'attack with Grizzly Bears (pay Sac<1/Land>)');
    passUntil(g, 'main2');
    expect(g.view(0).battlefield.filter((c) => c.name === 'Forest')).toEqual([]);
    expect(life(g, 1)).toBe(18);
  });
});

describe('additional phases (CR 500.8)', needsCorpus('forge-cards'), () => {
  it('a game saved during the main phase Relentless Assault added resumes into the added combat', () => {
    const g = game({ hand: ['Relentless Assault', 'Giant Growth'], battlefield: ['Grizzly Bears', 'Mountain', 'Mountain', 'Mountain', 'Mountain', 'Forest'] });
    act(g, 'attack with Grizzly Bears');
    passUntil(g, 'main2');
    act(g, 'cast Relentless Assault');
    // Both pass: it resolves; p1 then has priority again in the same main phase, with Giant Growth castable.
    for (let i = 0; i < 10 && g.pending()?.kind === 'priority' && g.view(0).stack.length > 0; i++) g.choose(0);
    expect(g.pending()?.kind).toBe('priority');
    expect(g.pending()?.phase).toBe('main2');
    const snap = JSON.parse(JSON.stringify(g.snapshot())) as ReturnType<Game['snapshot']>;
    expect(snap.state).toBeDefined();
    const restored = restoreGame(snap, realRegistry());
    for (const x of [g, restored]) {
      act(x, 'attack with Grizzly Bears');
      passUntil(x, 'main2');
      expect(life(x, 1)).toBe(16);
    }
    expect(restored.stateHash()).toBe(g.stateHash());
  });
});

describe('actions from the opening hand (CR 103.6)', needsCorpus('forge-cards'), () => {
  // Forty copies in a forty-card deck: every opening hand holds the card.
  const deck = (name: string): string[] => Array.from({ length: 40 }, () => name);
  function opening(p0: string, p1: string): Game {
    const g = createGame({ registry: realRegistry(), decks: [deck(p0), deck(p1)], seed: 'opening', deckSeed: 'opening' });
    while (g.pending()?.kind === 'mulligan') g.choose(0);
    return g;
  }

  it('Leyline of the Void: the starting player first, card by card, until done; each one used begins on the battlefield (103.6a)', () => {
    const g = opening('Leyline of the Void', 'Leyline of Sanctity');
    const seat = g.state.first;
    const p = g.pending()!;
    expect([p.kind, p.seat, p.options.length]).toEqual(['opening-hand', seat, 8]);
    expect(p.options[1]!.label).toBe('begin the game with Leyline of the Void on the battlefield');
    g.choose(1);
    g.choose(1);
    // Two used: five left to offer, then done.
    expect(g.pending()!.options.length).toBe(6);
    g.choose(0);
    expect([g.pending()!.kind, g.pending()!.seat]).toEqual(['opening-hand', 1 - seat]);
    g.choose(0);
    expect(g.view(seat).battlefield.map((c) => c.name)).toEqual(['Leyline of the Void', 'Leyline of the Void']);
    expect(g.view(seat).players[seat].handCount).toBe(5);
    expect(g.view(seat).battlefield.filter((c) => c.controller !== seat)).toEqual([]);
  });

  it('a deck without such a card is never asked: the other player goes straight to the game', () => {
    const g = opening('Island', 'Island');
    expect(g.pending()?.kind).not.toBe('opening-hand');
  });

  it('Chancellor of the Dross: revealed, at the first upkeep each opponent loses 3 life and its owner gains 3 (103.6b)', () => {
    const g = opening('Chancellor of the Dross', 'Island');
    const seat = g.pending()!.seat;
    expect(g.pending()!.options[1]!.label).toBe('reveal Chancellor of the Dross');
    g.choose(1);
    g.choose(0);
    passUntil(g, 'main1');
    expect(g.view(seat).players[seat].life).toBe(23);
    expect(g.view(seat).players[1 - seat]!.life).toBe(17);
  });

  it('replicated: a shadow follows the other seat through its opening-hand decisions without seeing the cards it keeps', () => {
    const mixed = (name: string, land: string): string[] => [...Array.from({ length: 8 }, () => name), ...Array.from({ length: 22 }, () => land)];
    for (const seed of ['oh1', 'oh2', 'oh3']) {
      const config = {
        registry: realRegistry(),
        decks: [mixed('Leyline of Sanctity', 'Plains'), mixed('Chancellor of the Dross', 'Swamp')] as [string[], string[]],
        seed,
        strict: true,
      };
      const registry = config.registry;
      const controllers = [
        createController({ kind: 'heuristic', seed: `${seed}/p1` }, { registry }),
        createController({ kind: 'random', seed: `${seed}/p2` }, { registry }),
      ] as const;
      const r = runReplicated(config, controllers, { maxTurns: 6 });
      expect(r.golden.actions.some((a) => a.type === 'ChoicePoint' && a.kind === 'opening-hand')).toBe(true);
      for (const seat of [0, 1] as Seat[]) expect(gameLogLines(r.shadows[seat], seat)).toEqual(gameLogLines(r.golden, seat));
    }
  });
});

describe('redirected damage (ReplaceSplitDamage, CR 614.9)', needsCorpus('forge-cards'), () => {
  it('one Warrior en-Kor shield takes 1 of a Lightning Bolt to the Bears; the other 2 are still dealt to the Warrior', () => {
    const g = game({ battlefield: ['Warrior en-Kor', 'Grizzly Bears'] }, { hand: ['Lightning Bolt'], battlefield: ['Mountain'] }, 1);
    act(g, 'cast Lightning Bolt');
    act(g, 'target Warrior en-Kor');
    act(g, 'activate Warrior en-Kor');
    act(g, 'target Grizzly Bears');
    resolveStack(g);
    const dealt = g.events.flatMap((e) => (e.type === 'DamageDealt' ? [[e.target, e.amount]] : []));
    expect(dealt).toEqual([
      ['Grizzly Bears', 1],
      ['Warrior en-Kor', 2],
    ]);
    // The shield was used up: its effect left the command zone.
    expect(g.state.zones['command']).toEqual([]);
  });
});
