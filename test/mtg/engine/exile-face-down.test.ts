// A card exiled face down (CR 406.3): Gonti, Lord of Luxury's Dig with `ExileFaceDown$ True`.
// No player sees its face but the one an instruction lets look at it (Gonti's `MayLookAt$ You`
// effect); the opponent's view, the public projection and the log withhold it; its caster may
// cast it face up (CR 406.3a, 601.2a) spending mana as though of any type. Played with the real
// cards: needsCorpus('cards'), and the corpus puzzle PS_XLN0a: needsCorpus('forge-puzzles').
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Game } from '../../../src/mtg/engine/index.js';
import { faceVisible } from '../../../src/mtg/engine/public-hash.js';
import { puzzleRegistry } from '../../../src/mtg/puzzles/check.js';
import { readPuzzleFile } from '../../../src/mtg/puzzles/index.js';
import { startPuzzle } from '../../../src/mtg/puzzles/run.js';
import { CARDS_DIR, CORPUS_DIR, haveCorpus, needsCorpus } from '../../support/corpora.js';
import { act, board, field, labels, pick, resolveStack, zone } from './helpers.js';

const registry = haveCorpus('cards') ? puzzleRegistry(CARDS_DIR) : null;

/** Gonti cast with six Swamps, its trigger resolved with `chosen` exiled from the opponent's library. */
function gontiExiles(chosen: string): Game {
  const g = board(
    { hand: ['Gonti, Lord of Luxury'], battlefield: ['Swamp', 'Swamp', 'Swamp', 'Swamp', 'Swamp', 'Swamp'], library: ['Island', 'Island', 'Island'] },
    { library: ['Grizzly Bears', 'Island', 'Lightning Bolt', 'Forest', 'Island'] },
    { registry: registry! },
  );
  act(g, 'cast Gonti, Lord of Luxury');
  resolveStack(g);
  resolveStack(g);
  pick(g, chosen);
  resolveStack(g);
  return g;
}

function exiled(g: Game, name: string) {
  const id = g.state.zones['exile']!.find((i) => g.state.objects[i]!.card === name);
  return g.state.objects[id!]!;
}

describe('Exiled face down: Gonti, Lord of Luxury', needsCorpus('cards'), () => {
  it('exiles the chosen card face down: the opponent sees a card with no characteristics, Gonti’s controller its face', () => {
    const g = gontiExiles('Grizzly Bears');
    expect(zone(g, 'exile')).toEqual(['Grizzly Bears']);
    const bears = exiled(g, 'Grizzly Bears');
    expect(bears.faceDown).toBe(true);
    const theirs = g.view(1).exile;
    expect(theirs).toEqual([expect.objectContaining({ id: bears.id, name: '', types: [], manaCost: null, power: null, faceDown: true })]);
    expect(theirs[0]!.faceName).toBeUndefined();
    expect(JSON.stringify(theirs)).not.toContain('Grizzly');
    expect(g.view(0).exile).toEqual([expect.objectContaining({ name: 'Grizzly Bears', faceDown: true, faceName: 'Grizzly Bears' })]);
    // The projection's who-sees answer, and the log: the move names no card, no reveal to p2.
    expect([faceVisible(bears, 0), faceVisible(bears, 1), faceVisible(bears, null)]).toEqual([true, false, false]);
    expect(g.actions).toContainEqual(expect.objectContaining({ type: 'MoveCard', card: bears.id, name: 'a face-down card', to: 'exile' }));
    expect(g.actions.filter((a) => a.type === 'RevealCard' && a.card === bears.id && a.to.includes(1))).toEqual([]);
  });

  it('its caster casts it face up from exile, with mana of any type (Swamps for {1}{G})', () => {
    const g = gontiExiles('Grizzly Bears');
    expect(labels(g)).toContain('cast Grizzly Bears');
    act(g, 'cast Grizzly Bears');
    // Turned face up before it is announced (CR 406.3a): both seats learn it as it is cast.
    expect(g.actions).toContainEqual(expect.objectContaining({ type: 'RevealCard', name: 'Grizzly Bears', to: [1] }));
    resolveStack(g);
    expect(field(g, 0)).toContain('Grizzly Bears');
    const bears = g.state.objects[g.state.zones['battlefield']!.find((i) => g.state.objects[i]!.card === 'Grizzly Bears')!]!;
    expect([bears.faceDown, bears.owner, bears.controller]).toEqual([false, 1, 0]);
  });

  it('a land exiled face down is looked at but not played (Gonti lets it cast nonland cards)', () => {
    const g = gontiExiles('Forest');
    expect(exiled(g, 'Forest').faceDown).toBe(true);
    expect(g.view(0).exile[0]!.faceName).toBe('Forest');
    expect(labels(g).filter((l) => l.includes('Forest'))).toEqual([]);
  });
});

describe('PS_XLN0a: Gonti exiles Waker of the Wilds at set-up', needsCorpus('cards', 'forge-puzzles'), () => {
  it('ends the set-up with Waker of the Wilds face down in exile, castable by p1 and hidden from p2', () => {
    const puzzle = readPuzzleFile(join(CORPUS_DIR, 'forge/forge-gui/res/puzzle/PS_XLN0a.pzl'), registry!);
    const { game } = startPuzzle(puzzle, { registry: registry!, seed: 1 });
    const waker = exiled(game, 'Waker of the Wilds');
    expect([waker.faceDown, waker.owner]).toEqual([true, 1]);
    expect(game.pending()?.seat).toBe(0);
    expect(labels(game)).toContain('cast Waker of the Wilds');
    expect(game.view(0).exile.find((c) => c.id === waker.id)?.faceName).toBe('Waker of the Wilds');
    expect(JSON.stringify(game.view(1).exile.find((c) => c.id === waker.id))).not.toContain('Waker');
  });
});
