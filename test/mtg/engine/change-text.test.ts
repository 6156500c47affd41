// Text-changing effects (CR 612, layer 3 of CR 613.1c) with the real Sleight of Mind and Magical
// Hack: a changed word changes what the object's abilities say (targets, protection, landwalk,
// a static's affected set), never its name or colour, and the change survives a snapshot and
// resume. Real corpus cards; skipped visibly without the corpus.
import { describe, expect, it } from 'vitest';
import { restoreGame, type Game } from '../../../src/mtg/engine/index.js';
import { act, board, find, labels, passWhile, pick, resolveStack } from './helpers.js';
import { corpusAvailable, realRegistry } from './corpus.js';

const LIBRARY = ['Island', 'Island', 'Island', 'Island'];

function objectNamed(game: Game, name: string) {
  const o = game.state.objects.find((x) => x !== null && x.card === name);
  if (!o) throw new Error(`no ${name}`);
  return o;
}

function onBattlefield(game: Game, name: string): boolean {
  return game.state.zones['battlefield']!.some((id) => game.state.objects[id]!.card === name);
}

/** Seat 0 casts `spell` at `target`, then Sleight of Mind on that spell, changing `from` to `to`. */
function sleightOnSpell(spell: string, target: string, from: string, to: string): Game {
  const registry = realRegistry();
  const game = board(
    { hand: [spell, 'Sleight of Mind'], battlefield: ['Swamp', 'Swamp', 'Island'], library: LIBRARY },
    { battlefield: [target], library: LIBRARY },
    { registry },
  );
  act(game, `cast ${spell}`);
  // The only legal target is taken without a prompt.
  if (labels(game).includes(`target ${target}`)) pick(game, `target ${target}`);
  act(game, 'cast Sleight of Mind');
  pick(game, `target ${spell}`);
  passWhile(game, (g) => g.pending()?.kind === 'priority' && g.state.stack.length === 2);
  pick(game, from);
  pick(game, to);
  resolveStack(game);
  return game;
}

describe.skipIf(!corpusAvailable)(corpusAvailable ? 'text-changing effects' : 'text-changing effects (SKIPPED: ../shared is absent)', () => {
  it('Sleight of Mind on a Terror on the stack, black → green: its green target is now illegal and Terror does nothing', () => {
    const game = sleightOnSpell('Terror', 'Grizzly Bears', 'black', 'green');
    expect(onBattlefield(game, 'Grizzly Bears')).toBe(true);
    expect(game.events.some((e) => e.type === 'Countered' && e.name === 'Terror' && e.fizzled)).toBe(true);
  });

  it('Sleight of Mind on a Terror on the stack, black → green: a nongreen target is still destroyed', () => {
    const game = sleightOnSpell('Terror', 'Serra Angel', 'black', 'green');
    expect(onBattlefield(game, 'Serra Angel')).toBe(false);
  });

  it('Sleight of Mind on White Knight, black → red: protection from red; Terror may target it, Lightning Bolt may not', () => {
    const registry = realRegistry();
    const game = board(
      { hand: ['Sleight of Mind', 'Lightning Bolt', 'Terror'], battlefield: ['Island', 'Mountain', 'Swamp', 'Swamp'], library: LIBRARY },
      { battlefield: ['White Knight'], library: LIBRARY },
      { registry },
    );
    act(game, 'cast Lightning Bolt');
    expect(labels(game)).toContain('target White Knight');
    game.choose(labels(game).indexOf('target p2'));
    resolveStack(game);
    act(game, 'cast Sleight of Mind');
    pick(game, 'target White Knight');
    resolveStack(game);
    pick(game, 'black');
    expect(labels(game)).not.toContain('black');
    pick(game, 'red');
    expect(find(game, 'White Knight').keywords).toEqual(['First Strike', 'Protection from red']);
    // Its name and colour are not text it has as rules text (CR 612.2).
    expect(find(game, 'White Knight').colours).toEqual(['W']);
    act(game, 'cast Terror');
    resolveStack(game);
    expect(onBattlefield(game, 'White Knight')).toBe(false);
  });
});
