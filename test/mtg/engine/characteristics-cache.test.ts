// The incremental characteristics (layers.ts, docs/mtg/architecture.md "Characteristics"): a
// change characteristics cannot read (a tap, damage, life, mana, the step) keeps the cached
// computation unless it was volatile; the strict verifier catches a stale cache; and many strict
// games, random and from boards with anthems, characteristic-defining abilities, control magic
// and tapped-condition statics, never find the cache different from a fresh computation.
import { describe, expect, it } from 'vitest';
import { createGame, randomController, type Game } from '../../../src/mtg/engine/index.js';
import { chars, layerStats, verifyChars } from '../../../src/mtg/engine/layers.js';
import { touch, touchState, type G, type PermanentSetup } from '../../../src/mtg/engine/context.js';
import { tapObject, untapObject } from '../../../src/mtg/engine/actions.js';
import { moveObject } from '../../../src/mtg/engine/zones.js';
import type { GameObject } from '../../../src/mtg/engine/types.js';
import { StoryletError } from '../../../src/core/errors.js';
import { board, registryOf } from './helpers.js';
import { FIXTURE_CARDS } from './fixtures/cards.js';
import { realRegistry, targetDecks } from './corpus.js';
import { needsCorpus } from '../../support/corpora.js';

const CARDS = registryOf(FIXTURE_CARDS, {
  'Test Tortoise': [
    'Name:Test Tortoise',
    'ManaCost:1 U',
    'Types:Creature Turtle',
    'PT:1/1',
    'S:Mode$ Continuous | Affected$ Card.Self+untapped | AddToughness$ 3 | Description$ As long as CARDNAME is untapped, it gets +0/+3.',
    'Oracle:As long as Test Tortoise is untapped, it gets +0/+3.',
  ],
});

function onBattlefield(g: G, name: string): GameObject {
  const o = g.s.zones['battlefield']!.map((id) => g.s.objects[id]!).find((x) => chars(g, x).name === name);
  if (!o) throw new Error(`${name} is not on the battlefield`);
  return o;
}

function invariantCode(f: () => void): string | undefined {
  try {
    f();
  } catch (e) {
    return e instanceof StoryletError ? e.code : String(e);
  }
  return undefined;
}

describe('incremental characteristics', () => {
  it('keeps the computation through a tap when nothing reads it, and recomputes after a touch', () => {
    const g = board({ battlefield: ['Test Anthem', 'Test Bear', 'Test Forest'] }, {}, { registry: CARDS }).internals;
    const bear = onBattlefield(g, 'Test Bear');
    expect(chars(g, bear).power).toBe(3);
    const before = layerStats.recomputes;
    tapObject(g, onBattlefield(g, 'Test Forest'));
    untapObject(g, onBattlefield(g, 'Test Forest'));
    expect(chars(g, bear).power).toBe(3);
    expect(layerStats.recomputes).toBe(before);
    touch(g);
    expect(chars(g, bear).power).toBe(3);
    expect(layerStats.recomputes).toBe(before + 1);
  });

  it('keeps the computation through a draw (a move between zones no static reads), not through a land played', () => {
    const game = board({ battlefield: ['Test Anthem', 'Test Bear'], hand: ['Test Forest'] }, {}, { registry: CARDS });
    const g = game.internals;
    const bear = onBattlefield(g, 'Test Bear');
    expect(chars(g, bear).power).toBe(3);
    const before = layerStats.recomputes;
    const top = g.s.objects[g.s.zones['library-0']![0]!]!;
    moveObject(g, top, 'hand', 'top');
    expect(chars(g, top).name).toBe('Test Forest');
    expect(chars(g, bear).power).toBe(3);
    expect(layerStats.recomputes).toBe(before);
    verifyChars(g);
    moveObject(g, top, 'battlefield', 'bottom', 0);
    expect(chars(g, bear).power).toBe(3);
    expect(layerStats.recomputes).toBe(before + 1);
    verifyChars(g);
  });

  it('recomputes after a tap when a static reads tapped (volatile)', () => {
    const g = board({ battlefield: ['Test Tortoise'] }, {}, { registry: CARDS }).internals;
    const tortoise = onBattlefield(g, 'Test Tortoise');
    expect(chars(g, tortoise).toughness).toBe(4);
    tapObject(g, tortoise);
    expect(chars(g, tortoise).toughness).toBe(1);
    untapObject(g, tortoise);
    expect(chars(g, tortoise).toughness).toBe(4);
    verifyChars(g);
  });

  it('the verifier finds a cache made stale by a change that was not a touch', () => {
    const g = board({ battlefield: ['Test Anthem', 'Test Bear'] }, {}, { registry: CARDS }).internals;
    const bear = onBattlefield(g, 'Test Bear');
    expect(chars(g, bear).power).toBe(3);
    // Counters are a characteristic input: changing them with only touchState leaves the cache stale.
    bear.counters['P1P1'] = 1;
    touchState(g);
    expect(chars(g, bear).power).toBe(3);
    expect(invariantCode(() => verifyChars(g))).toBe('mtg/invariant');
    // The check changed nothing: the cache is still the stale one until a touch.
    expect(chars(g, bear).power).toBe(3);
    touch(g);
    expect(chars(g, bear).power).toBe(4);
    verifyChars(g);
  });
});

/** Plays random choices, checking the cached characteristics against a fresh computation at every decision. */
function playChecked(game: Game, seed: string, limit: number): number {
  const ctl = [randomController(`${seed}/a`), randomController(`${seed}/b`)];
  let n = 0;
  for (; n < limit; n++) {
    const p = game.pending();
    if (!p) break;
    verifyChars(game.internals);
    game.choose(ctl[p.seat]!.choose(game.view(p.seat), p));
  }
  return n;
}

describe('incremental characteristics on the real corpus', needsCorpus('forge-cards', 'deepscry-decks'), () => {
  it('equal a fresh computation at every decision of strict random games on the championship decks', () => {
    const decks = targetDecks().filter((d) => d.file.includes('championship'));
    const registry = realRegistry();
    let decisions = 0;
    const before = layerStats.recomputes;
    for (let i = 0; i < 8; i++) {
      const a = decks[i % decks.length]!;
      const b = decks[(i * 5 + 2) % decks.length]!;
      const game = createGame({ registry, decks: [a.main, b.main], seed: `chars-${i}`, strict: true });
      decisions += playChecked(game, `chars-${i}`, 1000);
    }
    expect(decisions).toBeGreaterThan(1000);
    // Far fewer whole-battlefield computations than decisions (before the cache: about 4 a decision).
    expect(layerStats.recomputes - before).toBeLessThan(decisions * 1.5);
  }, 300_000);

  const boards: Array<{ name: string; p0: PermanentSetup[]; p1: PermanentSetup[]; hand?: string[] }> = [
    {
      name: 'anthems, a Crusade and an Aura',
      p0: ['Glorious Anthem', 'Crusade', 'Savannah Lions', 'Grizzly Bears', 'Plains', 'Plains', 'Forest', 'Island'],
      p1: ['Bad Moon', 'Black Knight', 'Swamp', 'Swamp', 'Swamp'],
      hand: ['Holy Strength', 'Unholy Strength', 'Giant Growth'],
    },
    {
      name: 'Lhurgoyfs, a Kird Ape and creatures dying',
      p0: ['Lhurgoyf', 'Kird Ape', 'Forest', 'Mountain', 'Mountain', 'Forest'],
      p1: ['Lhurgoyf', 'Grizzly Bears', 'Forest', 'Forest', 'Mountain'],
      hand: ['Lightning Bolt', 'Shock', 'Terror', 'Forest'],
    },
    {
      name: 'Control Magic and tapped-condition statics',
      p0: ['Castle', 'Giant Tortoise', 'Island', 'Island', 'Island', 'Island', 'Plains'],
      p1: ['Serra Angel', 'Old Man of the Sea', 'Island', 'Island', 'Plains', 'Plains'],
      hand: ['Control Magic', 'Twiddle', "Tawnos's Wand"],
    },
    {
      name: "Winter Orb, Mishra's Factory and a Sleight of Mind",
      p0: ['Winter Orb', "Mishra's Factory", 'Island', 'Island', 'Mountain'],
      p1: ["Mishra's Factory", 'Serra Angel', 'Plains', 'Plains', 'Plains', 'Plains'],
      hand: ['Sleight of Mind', 'Lightning Bolt'],
    },
  ];

  for (const b of boards) {
    it(`equal a fresh computation at every decision of strict games from a board: ${b.name}`, () => {
      const registry = realRegistry();
      const hand = b.hand ?? [];
      for (let i = 0; i < 6; i++) {
        const game = createGame({
          registry,
          seed: `chars-board-${i}`,
          strict: true,
          setup: {
            players: [
              { battlefield: b.p0, hand, library: Array.from({ length: 20 }, (_, k) => hand[k % Math.max(1, hand.length)] ?? 'Plains') },
              { battlefield: b.p1, hand, library: Array.from({ length: 20 }, (_, k) => hand[(k + 1) % Math.max(1, hand.length)] ?? 'Swamp') },
            ],
          },
        });
        expect(playChecked(game, `chars-board-${b.name}-${i}`, 600)).toBeGreaterThan(20);
      }
    }, 300_000);
  }
});
