// "Whenever [a player] casts a spell ... if it has a single target" (`IsSingleTarget$` on a
// SpellCast trigger, CR 115.9c) and the two things such triggers do with the spell: Captured by
// the Consulate changes its target to the enchanted creature if able (`ChangeTargets` with
// `DefinedMagnet$ Enchanted`, CR 115.7), and Precursor Golem copies it for each other Golem it
// could target (`CopySpellAbility` with `CopyForEachCanTarget$`, CR 707.10d). Played with real
// cards of the Forge corpus against their Oracle text: needsCorpus('cards').
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Game, SeatSetup } from '../../../src/mtg/engine/index.js';
import { puzzleRegistry, readPuzzle } from '../../../src/mtg/puzzles/index.js';
import { runPuzzle } from '../../../src/mtg/puzzles/run.js';
import { CARDS_DIR, CORPORA, CORPUS_DIR, needsCorpus } from '../../support/corpora.js';
import { extractPuzzles } from '../puzzles/support.js';
import { passes, playScenario as play } from './scenario.js';
import { act, board, find, pick, resolveStack } from './helpers.js';
import { realRegistry } from './corpus.js';

const LIBRARY = ['Island', 'Island', 'Island'];

/**
 * A board on Forge's cards in seat 0's main phase, for effects read before they end at cleanup.
 * Seat 0 keeps a spare Swamp: with a mana ability to activate, it is asked at each priority stop,
 * so the game waits in the main phase once the stack is empty.
 */
function game(p0: SeatSetup, p1: SeatSetup): Game {
  return board({ library: LIBRARY, ...p0, battlefield: [...(p0.battlefield ?? []), 'Swamp'] }, { library: LIBRARY, ...p1 }, { registry: realRegistry() });
}

/** Seat 0 casts Seeds of Strength ("target creature gets +1/+1" three times) at these three, and everything resolves. */
function seeds(g: Game, targets: [string, string, string]): void {
  act(g, 'cast Seeds of Strength');
  for (const t of targets) pick(g, `target ${t}`);
  resolveStack(g);
}

const power = (g: Game, name: string): number | null => find(g, name).power;

// The opponent's Captured by the Consulate enchants my Grizzly Bears.
const CONSULATE = 'p1battlefield=Captured by the Consulate|Attaching:7;Hill Giant';

describe('Captured by the Consulate: a single-target spell is redirected to the enchanted creature', needsCorpus('cards'), () => {
  it("Lightning Bolt at the opponent's Hill Giant hits my enchanted Grizzly Bears instead", () => {
    passes(
      play(
        `p0hand=Lightning Bolt\np0battlefield=Mountain;Grizzly Bears|Id:7\n${CONSULATE}`,
        'cast Lightning Bolt targeting Hill Giant',
        'me graveyard contains Grizzly Bears\nopponent battlefield contains Hill Giant\nopponent trigger fired Captured by the Consulate',
      ),
    );
  });
  it('Naturalize at Captured by the Consulate cannot be changed to the Bears, not an artifact or enchantment ("if able")', () => {
    passes(
      play(
        `p0hand=Naturalize\np0battlefield=Forest;Forest;Grizzly Bears|Id:7\n${CONSULATE}`,
        'cast Naturalize targeting Captured by the Consulate',
        'opponent graveyard contains Captured by the Consulate\nbattlefield contains Grizzly Bears',
      ),
    );
  });
});

describe('Precursor Golem: a spell that targets only a single Golem is copied for each other Golem', needsCorpus('cards'), () => {
  it("Lightning Bolt at Precursor Golem: copies kill every other Golem, either player's, and spare the Bears", () => {
    passes(
      play(
        'p0hand=Lightning Bolt\np0battlefield=Mountain;Battered Golem\np1battlefield=Precursor Golem;Battered Golem;Grizzly Bears',
        'cast Lightning Bolt targeting Precursor Golem',
        [
          'opponent graveyard contains Precursor Golem',
          'opponent graveyard contains Battered Golem',
          'me graveyard contains Battered Golem',
          'opponent battlefield contains Grizzly Bears',
        ].join('\n'),
      ),
    );
  });
});

describe('single-target triggers, read mid-turn', needsCorpus('cards'), () => {
  // The opponent's Captured by the Consulate on my Grizzly Bears (index 2 of my battlefield).
  const consulate = (more: string[] = []): Game =>
    game(
      { hand: ['Seeds of Strength'], battlefield: ['Forest', 'Plains', 'Grizzly Bears', ...more] },
      { battlefield: [{ name: 'Captured by the Consulate', attachedToOpponent: 2 }, 'Hill Giant'] },
    );

  it('Captured by the Consulate: Seeds of Strength at Hill Giant three times has a single target (CR 115.9c), and all three go to the Bears', () => {
    const g = consulate();
    seeds(g, ['Hill Giant', 'Hill Giant', 'Hill Giant']);
    expect([power(g, 'Grizzly Bears'), power(g, 'Hill Giant')]).toEqual([5, 3]);
  });

  it('Captured by the Consulate: Seeds of Strength at two different creatures has no single target, so nothing changes', () => {
    const g = consulate(['Savannah Lions']);
    seeds(g, ['Hill Giant', 'Hill Giant', 'Savannah Lions']);
    expect([power(g, 'Grizzly Bears'), power(g, 'Hill Giant'), power(g, 'Savannah Lions')]).toEqual([2, 5, 3]);
    expect(g.events.some((e) => e.type === 'TargetsChanged')).toBe(false);
  });

  it("Precursor Golem: the copies are the caster's (CR 707.10), so Moment of Triumph's copy gains me the life", () => {
    const g = game({ hand: ['Moment of Triumph'], battlefield: ['Plains'] }, { battlefield: ['Precursor Golem', 'Battered Golem'] });
    act(g, 'cast Moment of Triumph');
    pick(g, 'target Precursor Golem');
    resolveStack(g);
    expect([power(g, 'Precursor Golem'), power(g, 'Battered Golem')]).toEqual([5, 5]);
    expect(g.view(0).players.map((p) => p.life)).toEqual([24, 20]);
  });

  it('Precursor Golem: a spell targeting one Golem in each of its three places is copied with every place retargeted (CR 707.10d)', () => {
    const g = game({ hand: ['Seeds of Strength'], battlefield: ['Forest', 'Plains'] }, { battlefield: ['Precursor Golem', 'Battered Golem'] });
    seeds(g, ['Precursor Golem', 'Precursor Golem', 'Precursor Golem']);
    expect([power(g, 'Precursor Golem'), power(g, 'Battered Golem')]).toEqual([6, 6]);
  });

  it('Precursor Golem: a spell targeting two different Golems is not copied', () => {
    const g = game(
      { hand: ['Seeds of Strength'], battlefield: ['Forest', 'Plains'] },
      { battlefield: ['Precursor Golem', 'Battered Golem', 'Malachite Golem'] },
    );
    seeds(g, ['Precursor Golem', 'Precursor Golem', 'Battered Golem']);
    expect([power(g, 'Precursor Golem'), power(g, 'Battered Golem'), power(g, 'Malachite Golem')]).toEqual([5, 4, 5]);
  });

  it('Beamsplitter Mage (ChooseOnlyOne$): one copy, at the creature its controller chooses (CR 707.10e)', () => {
    const g = game({ hand: ['Moment of Triumph'], battlefield: ['Plains', 'Beamsplitter Mage', 'Grizzly Bears', 'Savannah Lions'] }, {});
    act(g, 'cast Moment of Triumph');
    pick(g, 'target Beamsplitter Mage');
    resolveStack(g);
    pick(g, 'target Grizzly Bears');
    resolveStack(g);
    expect([power(g, 'Beamsplitter Mage'), power(g, 'Grizzly Bears'), power(g, 'Savannah Lions')]).toEqual([4, 4, 2]);
    expect(g.view(0).players.map((p) => p.life)).toEqual([24, 20]);
  });
});

// Forge's puzzle PS_RIX5 (Possibility Storm, "win this turn"), read from the corpus and played
// with a winning line against the heuristic AI. One With the Wind at Labyrinth Guardian is moved
// onto the Vizier (the Guardian is sacrificed for being targeted all the same); with Kujar
// Seedsculptor's counter the Vizier's power is 4, so Reaver Ambush ("power 3 or less") cannot be
// moved onto it and exiles Ornithopter ("if able", CR 115.7a); the Vizier untaps the Myriarch
// that Deadlock Trap taps, and 8 + 1 damage is lethal.
describe('PS_RIX5, Captured by the Consulate in a corpus puzzle', needsCorpus('cards', 'forge-puzzles'), () => {
  it('is won with the redirection that cannot happen', () => {
    extractPuzzles(CORPORA['forge-puzzles'], CORPUS_DIR);
    const path = join(CORPUS_DIR, 'forge/forge-gui/res/puzzle/PS_RIX5.pzl');
    const line = [
      'cast one with the wind targeting labyrinth guardian',
      'pass',
      'pass',
      'pass',
      'cast kujar seedsculptor',
      'pass',
      'target vizier of tumbling sands',
      'pass',
      'cast reaver ambush targeting ornithopter',
      'pass',
      'pass',
      'PASS_UNTIL phase=beginCombat',
      'pass',
      'pass',
      'activate vizier targeting majestic myriarch',
      '*',
      'attack majestic myriarch',
      'attack frilled sandwalla',
    ].join('\n');
    const registry = puzzleRegistry(CARDS_DIR);
    const text = `${readFileSync(path, 'utf8')}\n[p0_script]\n${line}\n[assertions]\nopponent exile contains Ornithopter\n`;
    passes(runPuzzle(readPuzzle(text, 'PS_RIX5.pzl', registry), { registry, seed: 1 }));
  });
});
