// The starter set: every card compiles with zero diagnostics, the set covers what a first game
// needs (the brief's list of keywords and effects), uses only common effect APIs, and the two
// starter decks read with zero diagnostics. When the shared Forge corpus is present, each card
// is checked against its namesake: the same printed facts (cost, types, P/T, keywords), but not
// the same script lines, which are ours.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compileScript, type Card } from '../../../src/mtg/cards/index.js';
import { readTar } from '../../../src/mtg/cards/tar.js';
import { readDeck } from '../../../src/mtg/decks/index.js';
import { CORPORA, haveCorpus, needsCorpus } from '../../support/corpora.js';
import { STARTER_CARDS, STARTER_DECKS, compileStarterCards, starterRegistry, RED_GREEN_AGGRO, WHITE_BLUE_CONTROL } from '../../../src/mtg/starter/index.js';

const ARCHIVE = CORPORA['forge-cards'];

const compiled = compileStarterCards();
const byName = new Map(compiled.cards.map((c) => [c.name, c]));

describe('every starter card compiles with zero diagnostics', () => {
  for (const s of STARTER_CARDS) {
    it(s.name, () => {
      const { card, diagnostics } = compileScript(s.file, s.text);
      expect(diagnostics).toEqual([]);
      expect(card?.name).toBe(s.name);
    });
  }
});

describe('the set', () => {
  it('holds about sixty cards, each once, each at its own file', () => {
    expect(STARTER_CARDS.length).toBeGreaterThanOrEqual(55);
    expect(STARTER_CARDS.length).toBeLessThanOrEqual(70);
    expect(new Set(STARTER_CARDS.map((c) => c.name.toLowerCase())).size).toBe(STARTER_CARDS.length);
    expect(new Set(STARTER_CARDS.map((c) => c.file)).size).toBe(STARTER_CARDS.length);
    expect(compiled.cards).toHaveLength(STARTER_CARDS.length);
    expect(compiled.diagnostics).toEqual([]);
  });

  const all = new Set(compiled.cards.flatMap((c) => c.primitives));
  const has = (pred: (c: Card) => boolean): string[] => compiled.cards.filter(pred).map((c) => c.name);

  it('has the five basic lands', () => {
    expect(has((c) => c.faces[0]!.types.supertypes.includes('Basic')).sort()).toEqual(['Forest', 'Island', 'Mountain', 'Plains', 'Swamp']);
  });

  it.each(['Flying', 'First Strike', 'Trample', 'Haste', 'Vigilance', 'Deathtouch', 'Lifelink', 'Reach', 'Defender', 'Menace'])(
    'has a creature with %s',
    (keyword) => {
      expect(has((c) => c.faces[0]!.types.cardTypes.includes('Creature') && c.primitives.includes(`kw:${keyword}`)).length).toBeGreaterThan(0);
    },
  );

  it('has vanilla creatures', () => {
    expect(has((c) => c.faces[0]!.types.cardTypes.includes('Creature') && c.primitives.every((p) => p.startsWith('cost:'))).length).toBeGreaterThanOrEqual(3);
  });

  it.each(['DealDamage', 'Draw', 'GainLife', 'LoseLife', 'Destroy', 'ChangeZone', 'Pump', 'Counter', 'Token', 'Attach', 'PutCounter', 'Tap'])(
    'uses the %s effect',
    (api) => {
      expect(all.has(`api:${api}`)).toBe(true);
    },
  );

  it('uses no effect API beyond the common ones (and mana abilities)', () => {
    const allowed = new Set([
      'DealDamage',
      'Draw',
      'GainLife',
      'LoseLife',
      'Destroy',
      'ChangeZone',
      'Pump',
      'Counter',
      'Token',
      'Attach',
      'PutCounter',
      'Tap',
      'Mana',
    ]);
    expect([...all].filter((p) => p.startsWith('api:') && !allowed.has(p.slice(4)))).toEqual([]);
  });

  it('has a tutor (a search of the library), auras and equipment', () => {
    const tutors = compiled.cards.filter((c) =>
      c.faces[0]!.abilities.some((a) => a.head === 'ChangeZone' && Object.entries(a.params).some(([k, v]) => k === 'Origin' && v === 'Library')),
    );
    expect(tutors.map((c) => c.name)).toEqual(expect.arrayContaining(['Demonic Tutor']));
    expect(has((c) => c.faces[0]!.types.subtypes.includes('Aura')).length).toBeGreaterThanOrEqual(2);
    expect(has((c) => c.faces[0]!.types.subtypes.includes('Equipment')).length).toBeGreaterThanOrEqual(1);
    expect(has((c) => c.primitives.includes('api:Counter'))).toContain('Counterspell');
  });

  it('keeps its sources from looking like card scripts (the licence boundary test looks for Name: lines)', () => {
    for (const s of STARTER_CARDS) expect(s.text.startsWith('Name:')).toBe(true);
    const dir = fileURLToPath(new URL('../../../src/mtg/starter/', import.meta.url));
    for (const f of ['lands.ts', 'white.ts', 'blue.ts', 'black.ts', 'red.ts', 'green.ts', 'artifacts.ts']) {
      expect(readFileSync(join(dir, f), 'utf8')).not.toMatch(/^Name:/m);
    }
  });
});

describe('starterRegistry', () => {
  const registry = starterRegistry();

  it('finds cards the way decks name them', () => {
    expect(registry.get('lightning bolt').faces[0]!.abilities[0]!.head).toBe('DealDamage');
    expect(registry.lookup('4 Serra Angel|LEA')?.name).toBe('Serra Angel');
    expect(registry.lookup('man-o’-war')?.name).toBe("Man-o'-War");
    expect(registry.cards).toHaveLength(STARTER_CARDS.length);
  });

  it('says which name was meant for an unknown card', () => {
    expect(() => registry.get('Lightnin Bolt')).toThrowError(/did you mean "Lightning Bolt"/);
  });

  it("gives every call its own cards, so no caller can change another's", () => {
    const a = starterRegistry();
    const b = starterRegistry();
    expect(a.get('Shock')).not.toBe(b.get('Shock'));
    expect(a.get('Shock')).toEqual(b.get('Shock'));
  });
});

describe('the starter decks', () => {
  const registry = starterRegistry();

  for (const deck of STARTER_DECKS) {
    it(`${deck.name}: 60 cards and 15 in the sideboard, zero diagnostics`, () => {
      const read = readDeck(deck.text, deck.file, registry);
      expect(read.diagnostics).toEqual([]);
      expect(read.name).toBe(deck.name);
      expect(read.main).toHaveLength(60);
      expect(read.sideboard).toHaveLength(15);
      const copies = new Map<string, number>();
      for (const name of read.main) copies.set(name, (copies.get(name) ?? 0) + 1);
      for (const [name, n] of copies) if (!byName.get(name)!.faces[0]!.types.supertypes.includes('Basic')) expect(n, name).toBeLessThanOrEqual(4);
    });
  }

  it.each([
    [RED_GREEN_AGGRO, ['R', 'G']],
    [WHITE_BLUE_CONTROL, ['W', 'U']],
  ] as const)('%# keeps to its two colours', (deck, colours) => {
    const read = readDeck(deck.text, deck.file, registry);
    for (const name of [...read.main, ...read.sideboard]) {
      for (const c of byName.get(name)!.colours) expect(colours, name).toContain(c);
    }
  });
});

describe('each starter card against its Forge namesake', needsCorpus('forge-cards'), () => {
  const forge = new Map<string, { text: string; card: Card }>();
  // The describe body runs (to list the skipped tests) even without the archive.
  if (haveCorpus('forge-cards')) {
    const wanted = new Set(STARTER_CARDS.map((s) => s.file));
    for (const f of readTar(gunzipSync(readFileSync(ARCHIVE)))) {
      const rel = f.path.replace(/^.*?cardsfolder\//, '');
      if (!wanted.has(rel)) continue;
      const text = f.data.toString('utf8');
      const { card } = compileScript(rel, text);
      if (card) forge.set(card.name, { text, card });
    }
  }

  for (const s of STARTER_CARDS) {
    it(s.name, () => {
      const theirs = forge.get(s.name);
      expect(theirs, `${s.name} is a real card at ${s.file}`).toBeDefined();
      const ours = byName.get(s.name)!.faces[0]!;
      const face = theirs!.card.faces[0]!;
      // The same printed card ...
      expect(ours.manaCost).toBe(face.manaCost);
      expect(ours.typeLine).toBe(face.typeLine);
      expect([ours.power, ours.toughness]).toEqual([face.power, face.toughness]);
      expect(ours.keywords.map((k) => k.text).sort()).toEqual(face.keywords.map((k) => k.text).sort());
      expect(ours.abilities.map((a) => a.head)).toEqual(face.abilities.map((a) => a.head));
      // ... written by us: no rules line is Forge's line.
      const forgeLines = new Set(theirs!.text.split(/\r?\n/).map((l) => l.trim()));
      const copied = s.text.split('\n').filter((l) => /^(A|T|S|R|SVar):/.test(l) && forgeLines.has(l));
      expect(copied).toEqual([]);
    });
  }
});
