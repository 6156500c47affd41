// "You may cast that card ..., and you may spend mana as though it were mana of any type to cast
// that spell" (Forge's `MayPlayIgnoreType$` on a MayPlay static, CR 609.4b): Hostage Taker. Real
// cards of the Forge corpus. Needs the fetched corpus (needsCorpus).
import { describe, expect, it } from 'vitest';
import type { Game, SeatSetup } from '../../../src/mtg/engine/index.js';
import { act, board, field, labels, resolveStack, zone } from './helpers.js';
import { realRegistry } from './corpus.js';
import { needsCorpus } from '../../support/corpora.js';

const LIBRARY = ['Swamp', 'Swamp', 'Swamp', 'Swamp', 'Swamp'];

function game(p0: SeatSetup, p1: SeatSetup = {}): Game {
  return board({ library: LIBRARY, ...p0 }, { library: LIBRARY, ...p1 }, { registry: realRegistry(), explain: true });
}

const swamps = (n: number) => Array.from({ length: n }, () => 'Swamp');

describe('MayPlayIgnoreType$: Hostage Taker', needsCorpus('forge-cards'), () => {
  it("the exiled Serra Angel is cast with black mana only, and comes under its caster's control", () => {
    const g = game({ hand: ['Hostage Taker'], battlefield: ['Island', ...swamps(8)] }, { battlefield: ['Serra Angel'] });
    act(g, 'cast Hostage Taker');
    resolveStack(g);
    // The only target (the Angel; Hostage Taker is not "other") is taken without asking.
    expect(zone(g, 'exile')).toEqual(['Serra Angel']);
    expect(labels(g)).toContain('cast Serra Angel');
    act(g, 'cast Serra Angel');
    resolveStack(g);
    expect(field(g, 0)).toEqual(expect.arrayContaining(['Hostage Taker', 'Serra Angel']));
    expect(g.view(0).battlefield.find((c) => c.name === 'Serra Angel')!.controller).toBe(0);
  });

  it('it still costs five mana: with four left it is not offered', () => {
    const g = game({ hand: ['Hostage Taker'], battlefield: ['Island', ...swamps(7)] }, { battlefield: ['Serra Angel'] });
    act(g, 'cast Hostage Taker');
    resolveStack(g);
    expect(zone(g, 'exile')).toEqual(['Serra Angel']);
    expect(labels(g)).not.toContain('cast Serra Angel');
  });
});
