// Which options the puzzle solver tries (src/mtg/search/options.ts): the leave-outs drop only
// options another one stands for, and each can be turned off.
import { describe, expect, it } from 'vitest';
import { readPuzzle, startPuzzle, starterRegistry, type ChoicePoint, type Game } from '../../../src/mtg/index.js';
import { candidates, type LeaveOuts } from '../../../src/mtg/search/options.js';
import { compileScript, createCardRegistry, type CardRegistry } from '../../../src/mtg/cards/index.js';
import { compileStarterCards } from '../../../src/mtg/starter/index.js';

const registry = starterRegistry();
const ALL: LeaveOuts = { taps: true, twins: true, windows: true, orders: true };
const NONE: LeaveOuts = { taps: false, twins: false, windows: false, orders: false };

function start(state: string[], cards: CardRegistry = registry): Game {
  const text = ['[metadata]', 'Goal:Win', 'Turns:1', '[state]', 'activeplayer=p0', ...state, 'p0library=Forest;Forest', 'p1library=Island;Island'].join('\n');
  return startPuzzle(readPuzzle(text, 'options.pzl', cards), { registry: cards, seed: 1 }).game;
}

const labels = (point: ChoicePoint, leave: LeaveOuts, game: Game): string[] => candidates(game, point, null, leave).map((c) => point.options[c.index]!.label);

describe('the options the solver tries', () => {
  it('leaves out tapping lands for mana and casting the twin of a card in hand', () => {
    const game = start(['activephase=MAIN1', 'p0battlefield=Forest;Forest;Forest', 'p0hand=Grizzly Bears;Grizzly Bears']);
    const point = game.pending()!;
    expect(labels(point, ALL, game)).toEqual(['pass', 'cast Grizzly Bears']);
    const all = labels(point, NONE, game);
    expect(all.filter((l) => l === 'cast Grizzly Bears')).toHaveLength(2);
    expect(all.filter((l) => l.startsWith('activate Forest'))).toHaveLength(3);
  });

  it('keeps every way of casting one card: face down, either half of a split card', () => {
    const scripts = [
      ['Name:Test Morph Bear', 'ManaCost:1 G', 'Types:Creature Bear', 'PT:2/2', 'K:Morph:G', 'Oracle:Morph {G}'],
      [
        'Name:Test Left',
        'ManaCost:G',
        'AlternateMode:Split',
        'Types:Instant',
        'A:SP$ GainLife | LifeAmount$ 1 | SpellDescription$ You gain 1 life.',
        'ALTERNATE',
        'Name:Test Right',
        'ManaCost:G',
        'Types:Instant',
        'A:SP$ Draw | NumCards$ 1 | SpellDescription$ Draw a card.',
      ],
    ];
    const cards = scripts.map((lines, i) => compileScript(`card${i}.txt`, lines.join('\n')).card!);
    const withCards = createCardRegistry({ cards: [...compileStarterCards().cards, ...cards], tokens: [] });
    const game = start(
      ['activephase=MAIN1', 'p0battlefield=Forest;Forest;Forest', 'p0hand=Test Morph Bear;Test Morph Bear;Test Left // Test Right'],
      withCards,
    );
    // The second Bear stays a twin of the first, in both ways of casting it.
    expect(labels(game.pending()!, ALL, game)).toEqual([
      'pass',
      'cast Test Morph Bear',
      'cast Test Morph Bear face down for {3}',
      'cast Test Left',
      'cast Test Right',
    ]);
  });

  it('leaves out acting with an empty stack outside the windows, unless told not to', () => {
    const game = start(['activephase=BeginCombat', 'p0battlefield=Forest;Grizzly Bears', 'p0hand=Giant Growth']);
    const point = game.pending()!;
    expect(point.phase).toBe('beginCombat');
    expect(labels(point, ALL, game)).toEqual(['pass']);
    expect(labels(point, NONE, game)).toContain('cast Giant Growth');
  });

  it('opens the window after first-strike combat damage, before the regular damage (CR 510.4)', () => {
    const game = start(['activephase=DeclareBlockers', 'p0battlefield=Forest;Tundra Wolves|Attacking;Grizzly Bears|Attacking', 'p0hand=Giant Growth']);
    let point = game.pending()!;
    // Pass through the declare blockers step to the first-strike damage step's priority.
    while (point.phase !== 'combatDamage') {
      expect(labels(point, ALL, game)).toContain('cast Giant Growth');
      game.choose(point.options.findIndex((o) => o.action.verb === 'pass'));
      point = game.pending()!;
    }
    expect(game.state.players[1].life).toBe(19);
    expect(labels(point, ALL, game)).toContain('cast Giant Growth');
  });

  it('counts an action as one and a pass as nothing', () => {
    const game = start(['activephase=MAIN1', 'p0battlefield=Mountain', 'p0hand=Lightning Bolt']);
    const point = game.pending()!;
    expect(candidates(game, point, null, ALL).map((c) => [point.options[c.index]!.label, c.cost])).toEqual([
      ['pass', 0],
      ['cast Lightning Bolt', 1],
    ]);
  });
});
