// Keywords of issue 20's list A played with real cards against their Oracle text: what the one-card
// puzzles (test/puzzles/corpus/kw-*.pzl) cannot assert, such as a token's colour, types and mana
// cost. Needs the fetched Forge corpus (.cards/cardsfolder): needsCorpus('cards').
import { describe, expect, it } from 'vitest';
import type { CardRegistry } from '../../../src/mtg/cards/index.js';
import { puzzleRegistry } from '../../../src/mtg/puzzles/check.js';
import { readPuzzle } from '../../../src/mtg/puzzles/index.js';
import { runPuzzle } from '../../../src/mtg/puzzles/run.js';
import { CARDS_DIR, haveCorpus, needsCorpus } from '../../support/corpora.js';
import { act, board, resolveStack, zone } from './helpers.js';

const registry: CardRegistry | null = haveCorpus('cards') ? puzzleRegistry(CARDS_DIR) : null;

/** Runs a one-turn puzzle from seat 0's main phase and expects it to pass. */
function passes(state: string, p0: string, p1: string, assertions: string): void {
  const text = `[metadata]\nTurns:1\n[state]\nturn=1\nactiveplayer=p0\nactivephase=MAIN1\np0library=Island;Island;Island\np1library=Island;Island;Island\n${state}\n[p0_script]\n${p0}\n[p1_script]\n${p1}\n[assertions]\n${assertions}\n`;
  const r = runPuzzle(readPuzzle(text, 'scenario.pzl', registry!), { registry: registry!, seed: 1 });
  expect({ status: r.status, reasons: r.reasons }).toEqual({ status: 'pass', reasons: [] });
}

function tokensNamed(g: ReturnType<typeof board>, name: string) {
  return g.view(0).battlefield.filter((c) => c.name === name && c.token);
}

describe('keywords of issue 20, list A', needsCorpus('cards'), () => {
  it("Embalm (CR 702.128a): Sacred Cat's token is a white Zombie Cat with no mana cost, and a copy of it is too (CR 707.9b)", () => {
    const plains = ['Plains', 'Plains', 'Island', 'Island', 'Island'];
    const g = board(
      { battlefield: plains, graveyard: ['Sacred Cat'], hand: ['Cackling Counterpart'], library: ['Plains', 'Plains'] },
      { library: ['Island', 'Island'] },
      { registry: registry! },
    );
    act(g, 'activate Sacred Cat');
    resolveStack(g);
    expect(zone(g, 'exile')).toEqual(['Sacred Cat']);
    const [cat] = tokensNamed(g, 'Sacred Cat');
    expect(cat).toMatchObject({ colours: ['W'], subtypes: ['Cat', 'Zombie'], manaCost: null, power: 1, toughness: 1 });
    expect(cat!.keywords).toContain('Lifelink');
    // Cackling Counterpart copies the token: the exceptions are its copiable values.
    act(g, 'cast Cackling Counterpart');
    resolveStack(g);
    const copies = tokensNamed(g, 'Sacred Cat');
    expect(copies).toHaveLength(2);
    for (const c of copies) expect(c).toMatchObject({ colours: ['W'], subtypes: ['Cat', 'Zombie'], manaCost: null });
  });

  it("Eternalize (CR 702.129a): Champion of Wits' token is a 4/4 black Zombie Naga Wizard with no mana cost", () => {
    const islands = Array.from({ length: 7 }, () => 'Island');
    const g = board(
      { battlefield: islands, graveyard: ['Champion of Wits'], library: ['Island', 'Island', 'Island', 'Island'] },
      { library: ['Island', 'Island'] },
      { registry: registry! },
    );
    act(g, 'activate Champion of Wits');
    resolveStack(g);
    const [champion] = tokensNamed(g, 'Champion of Wits');
    expect(champion).toMatchObject({ colours: ['B'], subtypes: ['Naga', 'Wizard', 'Zombie'], manaCost: null, power: 4, toughness: 4 });
  });

  it('Flashback (CR 702.34a): a flashback spell that is countered is exiled, not put into the graveyard', () => {
    passes(
      'p0graveyard=Firebolt\np0battlefield=Mountain;Mountain;Mountain;Mountain;Mountain\np1hand=Counterspell\np1battlefield=Island;Island',
      'cast Firebolt (flashback) targeting opponent',
      'cast Counterspell targeting Firebolt',
      'me exile contains Firebolt\nme graveyard count eq 0\nopponent life eq 20',
    );
  });

  it('Flashback is offered only from the graveyard: Firebolt in hand has no flashback way', () => {
    passes(
      'p0hand=Firebolt\np0battlefield=Mountain;Mountain;Mountain;Mountain;Mountain',
      'expect-refused cast Firebolt (flashback)\ncast Firebolt targeting opponent',
      '',
      'opponent life eq 18\nme graveyard contains Firebolt',
    );
  });

  it('Retrace (CR 702.81a): with no land card in hand it cannot be cast from the graveyard', () => {
    passes(
      'p0hand=Grizzly Bears\np0graveyard=Flame Jab\np0battlefield=Mountain;Mountain',
      'expect-refused cast Flame Jab (retrace)',
      '',
      'me graveyard contains Flame Jab',
    );
  });

  it('Jump-start (CR 702.133a): a jump-started spell that is countered is exiled', () => {
    passes(
      'p0hand=Grizzly Bears\np0graveyard=Radical Idea\np0battlefield=Island;Island\np1hand=Counterspell\np1battlefield=Island;Island',
      'cast Radical Idea (jump-start)',
      'cast Counterspell targeting Radical Idea',
      'me exile contains Radical Idea\nme hand count eq 0',
    );
  });

  it('Surge (CR 702.117a): Crush of Tentacles cast for its surge cost after another spell makes the Octopus (Condition$ Surge)', () => {
    passes(
      'p0hand=Shock;Crush of Tentacles\np0battlefield=Mountain;Island;Island;Island;Island;Island;Grizzly Bears',
      'cast Shock targeting opponent\npass\ncast Crush of Tentacles (surge)',
      '',
      'me battlefield contains Octopus\npower eq 8 Octopus\nme hand contains Grizzly Bears',
    );
  });

  it('Surge: cast for its mana cost, Crush of Tentacles makes no Octopus', () => {
    passes(
      'p0hand=Crush of Tentacles\np0battlefield=Island;Island;Island;Island;Island;Island;Grizzly Bears',
      'cast Crush of Tentacles',
      '',
      'NOT me battlefield contains Octopus\nme hand contains Grizzly Bears',
    );
  });
});
