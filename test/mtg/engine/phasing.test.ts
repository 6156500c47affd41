// Phasing (CR 702.26) with real cards from the corpus (skipped without it): a phased-out
// permanent is treated as though it does not exist (702.26b) without changing zones (702.26d),
// phases in during its controller's next untap step before anything untaps (702.26a), takes what
// is attached to it along indirectly (702.26g), and leaves combat (506.4).
import { describe, expect, it } from 'vitest';
import { createGame, type Game } from '../../../src/mtg/engine/index.js';
import type { BoardSetup } from '../../../src/mtg/engine/index.js';
import { needsCorpus } from '../../support/corpora.js';
import { realRegistry } from './corpus.js';
import { act, board, passUntil, passWhile, pick, resolveStack, zone } from './helpers.js';

const LIBRARY = Array.from({ length: 10 }, () => 'Island');

function objectNamed(game: Game, name: string) {
  const o = game.state.objects.find((x) => x && (x.token ? x.token.name : x.card) === name);
  if (!o) throw new Error(`no object named ${name}`);
  return o;
}

/** A strict game (the characteristics cache checked against a fresh computation at every decision). */
function strictBoard(setup: BoardSetup): Game {
  return createGame({ registry: realRegistry(), seed: 'phasing', strict: true, setup });
}

describe('phasing (CR 702.26)', needsCorpus('forge-cards'), () => {
  it("702.26a/g: Teferi's Imp phases out with its Aura in my untap step, keeps its tapped state, and both phase in two turns later, still attached", () => {
    const game = strictBoard({
      players: [
        {
          battlefield: [
            { name: "Teferi's Imp", tapped: true },
            { name: 'Holy Strength', attachedTo: 0 },
          ],
          library: LIBRARY,
        },
        { library: LIBRARY },
      ],
    });
    const imp = objectNamed(game, "Teferi's Imp");
    const aura = objectNamed(game, 'Holy Strength');
    const inc = imp.inc;
    // Decisions with one option are not asked: the first one of turn 3 is my land drop.
    passWhile(game, (g) => g.state.turn < 3);
    expect(imp.zone).toBe('phased');
    expect(aura.zone).toBe('phased');
    // 702.26d: no zone change (same object), and it stayed tapped: it phased out before untapping.
    expect(imp.inc).toBe(inc);
    expect(imp.tapped).toBe(true);
    expect(imp.phased).toEqual({ controller: 0, indirect: false });
    expect(aura.phased).toEqual({ controller: 0, indirect: true });
    // Public, but not on the battlefield of either seat's view.
    const view = game.view(1);
    expect(view.battlefield.map((c) => c.name)).not.toContain("Teferi's Imp");
    expect(view.phasedOut?.map((c) => c.name)).toEqual(["Teferi's Imp", 'Holy Strength']);
    expect(game.events.some((e) => e.type === 'ZoneChanged' && e.card === imp.id)).toBe(false);
    passWhile(game, (g) => g.state.turn < 5);
    expect(imp.zone).toBe('battlefield');
    expect(aura.zone).toBe('battlefield');
    expect(aura.attachedTo).toBe(imp.id);
    // It phased in before the untap (702.26a), so it untapped; the Aura's +1/+2 applies again.
    expect(imp.tapped).toBe(false);
    const c = game.view(0).battlefield.find((x) => x.name === "Teferi's Imp")!;
    expect([c.power, c.toughness]).toEqual([2, 3]);
    expect(game.view(0).phasedOut).toBeUndefined();
  });

  it('702.26b: a phased-out Lord of Atlantis grants nothing', () => {
    const game = strictBoard({
      players: [
        {
          hand: ['Reality Ripple'],
          battlefield: ['Island', 'Island', 'Merfolk of the Pearl Trident', 'Lord of Atlantis'],
          library: LIBRARY,
        },
        { battlefield: ['Serra Angel'], library: LIBRARY },
      ],
    });
    const merfolk = () => game.view(0).battlefield.find((x) => x.name === 'Merfolk of the Pearl Trident');
    expect(merfolk()?.power).toBe(2);
    act(game, 'cast Reality Ripple');
    pick(game, 'target Lord of Atlantis');
    resolveStack(game);
    expect(objectNamed(game, 'Lord of Atlantis').zone).toBe('phased');
    expect(merfolk()?.power).toBe(1);
  });

  it('702.26b: Wrath of God does not destroy a phased-out creature; it phases in during the next untap step, not summoning sick (702.26d)', () => {
    const game = board(
      {
        hand: ['Reality Ripple', 'Wrath of God'],
        battlefield: ['Island', 'Island', 'Plains', 'Plains', 'Plains', 'Plains', 'Grizzly Bears'],
        library: LIBRARY,
      },
      { battlefield: ['Serra Angel'], library: LIBRARY },
      { registry: realRegistry() },
    );
    act(game, 'cast Reality Ripple');
    pick(game, 'target Grizzly Bears');
    resolveStack(game);
    act(game, 'cast Wrath of God');
    resolveStack(game);
    expect(zone(game, 'graveyard-1')).toEqual(['Serra Angel']);
    expect(objectNamed(game, 'Grizzly Bears').zone).toBe('phased');
    passUntil(game, 'main1', 3);
    expect(objectNamed(game, 'Grizzly Bears').zone).toBe('battlefield');
    act(game, 'attack with Grizzly Bears');
  });

  it('702.26d: a phased-out token goes on existing (it is not outside the battlefield, CR 704.5d)', () => {
    const game = strictBoard({
      players: [
        {
          hand: ['Reality Ripple'],
          battlefield: ['Island', 'Island', { name: 'Soldier', token: { colours: 'W', types: ['Creature', 'Soldier'], power: 1, toughness: 1 } }],
          library: LIBRARY,
        },
        { library: LIBRARY },
      ],
    });
    const soldier = objectNamed(game, 'Soldier');
    act(game, 'cast Reality Ripple');
    pick(game, 'target Soldier');
    resolveStack(game);
    expect(soldier.zone).toBe('phased');
    passWhile(game, (g) => g.state.turn < 3);
    expect(soldier.zone).toBe('battlefield');
  });

  it('506.4: an attacker that phases out is removed from combat and deals no damage', () => {
    const game = board(
      { battlefield: ['Grizzly Bears'], library: LIBRARY },
      { hand: ['Reality Ripple'], battlefield: ['Island', 'Island'], library: LIBRARY },
      { registry: realRegistry() },
    );
    act(game, 'attack with Grizzly Bears');
    act(game, 'cast Reality Ripple');
    pick(game, 'target Grizzly Bears');
    resolveStack(game);
    expect(game.state.combat?.attackers ?? []).toEqual([]);
    passUntil(game, 'main2', 1);
    expect(game.state.players[1].life).toBe(20);
  });

  it('CR 708.5: a face-down permanent that phases out and in stays nameless to the other seat', () => {
    const game = board(
      { hand: ['Exalted Angel', 'Reality Ripple'], battlefield: ['Plains', 'Plains', 'Plains', 'Island', 'Island'], library: LIBRARY },
      { library: LIBRARY },
      { registry: realRegistry() },
    );
    act(game, 'cast Exalted Angel face down');
    resolveStack(game);
    act(game, 'cast Reality Ripple');
    pick(game, 'target face-down');
    resolveStack(game);
    const seen = game.view(1).phasedOut?.[0];
    expect(seen).toMatchObject({ name: '', faceDown: true });
    expect(seen?.faceName).toBeUndefined();
    expect(game.view(0).phasedOut?.[0]?.faceName).toBe('Exalted Angel');
    expect(JSON.stringify(game.view(1))).not.toContain('Exalted Angel');
    passWhile(game, (g) => g.state.turn < 3);
    const back = game.view(1).battlefield.find((c) => c.faceDown);
    expect(back).toMatchObject({ name: '', faceDown: true });
    expect(JSON.stringify(game.view(1))).not.toContain('Exalted Angel');
  });

  it("702.26m: with the untap step skipped (Stasis), Teferi's Imp does not phase out", () => {
    const game = board({ battlefield: ["Teferi's Imp", 'Stasis'], library: LIBRARY }, { library: LIBRARY }, { registry: realRegistry() });
    passWhile(game, (g) => g.state.turn < 3);
    expect(game.state.turn).toBe(3);
    expect(objectNamed(game, "Teferi's Imp").zone).toBe('battlefield');
  });
});
