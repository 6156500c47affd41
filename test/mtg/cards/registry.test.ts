// Stage 6, the registry: lookup by name as decks write it, faces, tokens, and a typed error with
// a did-you-mean for unknown names.
import { describe, expect, it } from 'vitest';
import { compileDir, createCardRegistry, normaliseCardName, parseDeckEntry } from '../../../src/mtg/cards/index.js';
import { MINI } from './support.js';

const registry = createCardRegistry(compileDir(MINI));

describe('createCardRegistry', () => {
  it('finds cards case-insensitively and by .dck line', () => {
    expect(registry.lookup('spark volley')?.name).toBe('Spark Volley');
    expect(registry.lookup('SPARK   VOLLEY')?.name).toBe('Spark Volley');
    expect(registry.lookup('4 Spark Volley|M10|2')?.name).toBe('Spark Volley');
    expect(registry.lookup('Spark Volley|M10')?.name).toBe('Spark Volley');
  });

  it('finds a split card by its full name in any spacing, and by either half', () => {
    expect(registry.lookup('Brine // Cinder')?.layout).toBe('split');
    expect(registry.lookup('brine//cinder')?.name).toBe('Brine // Cinder');
    const back = registry.face('Cinder');
    expect([back?.card.name, back?.face.name]).toEqual(['Brine // Cinder', 'Cinder']);
  });

  it('finds a double-faced card by its back face', () => {
    expect(registry.face('Sunlit Reaver')?.card.name).toBe('Moonlit Wanderer');
    expect(registry.face('Moonlit Wanderer')?.face.name).toBe('Moonlit Wanderer');
  });

  it('keeps tokens apart, found by script name as TokenScript$ writes it, or by name', () => {
    expect(registry.lookup('Ember Imp')).toBeUndefined();
    expect(registry.token('r_1_1_ember_imp')?.name).toBe('Ember Imp');
    expect(registry.token('ember imp')?.token).toBe(true);
    expect(registry.tokens).toHaveLength(1);
  });

  it('throws cards/unknown-card with the nearest name', () => {
    expect(() => registry.get('Spark Voley')).toThrow(expect.objectContaining({ code: 'cards/unknown-card' }));
    try {
      registry.get('Spark Voley');
    } catch (e) {
      expect((e as Error).message).toContain('"Spark Volley"');
    }
  });
});

describe('name normalisation', () => {
  it('unifies accents, ligatures, apostrophes and split spacing', () => {
    expect(normaliseCardName('Æther Vial')).toBe(normaliseCardName('Aether Vial'));
    expect(normaliseCardName('Lim-Dûl’s Vault')).toBe("lim-dul's vault");
    expect(normaliseCardName('Fire//Ice')).toBe('fire // ice');
  });
  it('reads .dck card lines', () => {
    expect(parseDeckEntry('4 Lightning Bolt|M10|2')).toEqual({ count: 4, name: 'Lightning Bolt', set: 'M10' });
    expect(parseDeckEntry('1  Act of Treason')).toEqual({ count: 1, name: 'Act of Treason' });
    expect(parseDeckEntry('1 Spark Volley+|M10')).toEqual({ count: 1, name: 'Spark Volley', set: 'M10', foil: true });
    expect(registry.lookup('1 Spark Volley+|M10')?.name).toBe('Spark Volley');
    expect(parseDeckEntry('[Main]')).toBeUndefined();
  });
});
