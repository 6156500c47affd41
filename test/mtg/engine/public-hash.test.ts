// The public projection and its hash (issue 15): copies of a game that differ only in faces a
// viewer may not see hash the same for that viewer; anything public changes the hash.
import { describe, expect, it } from 'vitest';
import { contentHash } from '../../../src/core/hash.js';
import { createGame, forkGame, randomController, type Game } from '../../../src/mtg/engine/index.js';
import { touch } from '../../../src/mtg/engine/context.js';
import { publicHash, publicHashes, publicProjection } from '../../../src/mtg/engine/public-hash.js';
import { spellDeck } from './fixtures/cards.js';
import { board, fixtureRegistry, passUntil, pick } from './helpers.js';

const LIB = ['Test Bear', 'Test Bolt', 'Test Forest', 'Test Ogre', 'Test Growth', 'Test Mountain'];
const swapped = (list: string[], i: number, j: number): string[] => {
  const out = [...list];
  [out[i], out[j]] = [out[j]!, out[i]!];
  return out;
};
const hashes = (g: Game): [string, string, string] => [publicHash(g, null), publicHash(g, 0), publicHash(g, 1)];

describe('publicHash', () => {
  it('is the same for two games whose libraries differ only in order of faces (ids are slots)', () => {
    const a = board({ library: LIB, hand: ['Test Mountain'] }, { library: LIB });
    const b = board({ library: swapped(LIB, 0, 3), hand: ['Test Mountain'] }, { library: swapped(LIB, 1, 4) });
    expect(a.state.objects.map((o) => o?.card)).not.toEqual(b.state.objects.map((o) => o?.card));
    // Nobody has seen a library card: every viewer's hash agrees.
    expect(hashes(a)).toEqual(hashes(b));
    expect(JSON.stringify(publicProjection(a, null))).not.toContain('Test Bear');
  });

  it("ignores a swap between the opponent's hand and library for everyone but that opponent", () => {
    const a = board({ library: LIB, hand: ['Test Mountain'] }, { library: LIB, hand: ['Test Wall', 'Test Giant'] });
    const b = board({ library: LIB, hand: ['Test Mountain'] }, { library: ['Test Wall', ...LIB.slice(1)], hand: ['Test Bear', 'Test Giant'] });
    expect(publicHash(a, null)).toBe(publicHash(b, null));
    expect(publicHash(a, 0)).toBe(publicHash(b, 0));
    // p2 sees its own hand: its private part differs.
    expect(publicHash(a, 1)).not.toBe(publicHash(b, 1));
    const mine = publicProjection(a, 1).private as { faces: { id: number; card: string }[] };
    expect(mine.faces.map((f) => f.card).sort()).toEqual(['Test Giant', 'Test Wall']);
    expect(JSON.stringify(publicProjection(a, 0))).not.toContain('Test Wall');
  });

  it('differs when the seat’s own hand differs, in that seat’s hash only', () => {
    const a = board({ library: LIB, hand: ['Test Bear'] }, { library: LIB });
    const b = board({ library: LIB, hand: ['Test Ogre'] }, { library: LIB });
    expect(publicHash(a, null)).toBe(publicHash(b, null));
    expect(publicHash(a, 1)).toBe(publicHash(b, 1));
    expect(publicHash(a, 0)).not.toBe(publicHash(b, 0));
  });

  it('changes with anything public', () => {
    const base = (): Parameters<typeof board> => [
      { library: LIB, battlefield: ['Test Bear'], hand: ['Test Mountain'] },
      { library: LIB, graveyard: ['Test Bolt'] },
    ];
    const h = publicHash(board(...base()), null);
    const [p0, p1] = base();
    const variants: Game[] = [
      board({ ...p0, life: 19 }, p1),
      board({ ...p0, battlefield: [{ name: 'Test Bear', tapped: true }] }, p1),
      board({ ...p0, battlefield: [{ name: 'Test Bear', counters: { P1P1: 1 } }] }, p1),
      board({ ...p0, battlefield: ['Test Ogre'] }, p1),
      board(p0, { ...p1, graveyard: ['Test Growth'] }),
      board(p0, { ...p1, graveyard: [] }),
      board({ ...p0, hand: ['Test Mountain', 'Test Forest'] }, p1), // a hand's size is public
      board({ ...p0, library: LIB.slice(1) }, p1), // so is a library's
      board(p0, p1, { turn: 2 }),
      board(p0, p1, { step: 'main2' }),
      board({ ...p0, landsPlayed: 1 }, p1),
    ];
    for (const v of variants) expect(publicHash(v, null)).not.toBe(h);
  });

  it('follows the game: the same after the same public play, different once a card is revealed by casting', () => {
    const a = board({ library: LIB, hand: ['Test Mountain', 'Test Bear'], battlefield: ['Test Forest', 'Test Forest'] }, { library: LIB });
    const b = board({ library: LIB, hand: ['Test Mountain', 'Test Ogre'], battlefield: ['Test Forest', 'Test Forest'] }, { library: LIB });
    expect(publicHash(a, null)).toBe(publicHash(b, null));
    pick(a, 'play Test Mountain');
    pick(b, 'play Test Mountain');
    expect(publicHash(a, null)).toBe(publicHash(b, null));
    expect(publicHash(a, 1)).toBe(publicHash(b, 1));
    // Casting reveals the card: it is public on the stack.
    pick(a, 'cast Test Bear');
    pick(b, 'cast Test Ogre');
    expect(publicHash(a, null)).not.toBe(publicHash(b, null));
  });

  it('is a function of the game, not of the copy: a fork hashes the same, and so after the same choices', () => {
    const a = board({ library: LIB, hand: ['Test Mountain', 'Test Bear'], battlefield: ['Test Forest'] }, { library: LIB });
    const f = forkGame(a);
    expect(hashes(f)).toEqual(hashes(a));
    passUntil(a, 'main1', 2);
    passUntil(f, 'main1', 2);
    expect(hashes(f)).toEqual(hashes(a));
    expect(publicHash(a, null)).toMatch(/^[0-9a-f]{16}$/);
  });

  it("withholds a face-down permanent's face from everyone but its controller (CR 708.5)", () => {
    const faceDown = (g: Game): Game => {
      const id = g.state.zones['battlefield']!.find((i) => g.state.objects[i]!.owner === 0)!;
      g.internals.s.objects[id]!.faceDown = true;
      touch(g.internals);
      return g;
    };
    const a = faceDown(board({ library: LIB, battlefield: ['Test Bear'] }, { library: LIB }));
    const b = faceDown(board({ library: LIB, battlefield: ['Test Ogre'] }, { library: LIB }));
    expect(publicHash(a, null)).toBe(publicHash(b, null));
    expect(publicHash(a, 1)).toBe(publicHash(b, 1));
    expect(publicHash(a, 0)).not.toBe(publicHash(b, 0));
    expect(JSON.stringify(publicProjection(a, 1))).not.toContain('Test Bear');
    // Its status stays public: tapping it changes everyone's hash.
    const tapped = faceDown(board({ library: LIB, battlefield: [{ name: 'Test Bear', tapped: true }] }, { library: LIB }));
    expect(publicHash(tapped, null)).not.toBe(publicHash(a, null));
  });

  it('publicHashes gives the same hashes as publicHash, and the public hash is that of the projection’s JSON', () => {
    const g = createGame({ registry: fixtureRegistry(), decks: [spellDeck('R'), spellDeck('G')], seed: 'ph-all' });
    const seats = [randomController('a'), randomController('b')];
    for (let n = 0; n < 200 && g.pending(); n++) {
      const p = g.pending()!;
      g.choose(seats[p.seat]!.choose(g.view(p.seat), p));
      const h = publicHashes(g);
      expect(h).toEqual({ all: publicHash(g, null), seats: [publicHash(g, 0), publicHash(g, 1)] });
      if (n % 20 === 0) expect(h.all).toBe(contentHash(JSON.stringify(publicProjection(g, null))));
    }
  });

  it('shows the deciding seat its options in its own part only', () => {
    const a = board({ library: LIB, hand: ['Test Mountain'] }, { library: LIB });
    const mine = publicProjection(a, 0).private as { options?: unknown[] };
    expect(mine.options?.length).toBe(a.pending()!.options.length);
    expect((publicProjection(a, 1).private as { options?: unknown[] }).options).toBeUndefined();
    expect(publicProjection(a, null).private).toBeUndefined();
  });
});
