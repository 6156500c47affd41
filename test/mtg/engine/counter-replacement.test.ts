// `R:Event$ AddCounter` replacement effects (CR 614.1, 122.6) with `ReplaceEffect | VarName$
// CounterNum` and `ReplaceCount$CounterNum`, played with the real cards against their Oracle text:
// Winding Constrictor, Corpsejack Menace, Vizier of Remedies, Hardened Scales, Doubling Season.
// Two together are ordered by the affected object's controller (CR 616.1). Skipped without the
// corpus (needsCorpus).
import { describe, expect, it } from 'vitest';
import type { Game } from '../../../src/mtg/engine/index.js';
import { needsCorpus } from '../../support/corpora.js';
import { realRegistry } from './corpus.js';
import { act, board, labels, passWhile, pick, resolveStack } from './helpers.js';

const LIBRARY = Array.from({ length: 8 }, () => 'Forest');

function game(mine: { hand?: string[]; battlefield: string[] }, theirs: string[] = []): Game {
  return board(
    { hand: mine.hand ?? [], battlefield: mine.battlefield, library: LIBRARY },
    { battlefield: theirs, library: LIBRARY },
    { registry: realRegistry() },
  );
}

/** The object called `name` that `seat` controls. */
function obj(g: Game, name: string, seat: 0 | 1) {
  const c = g.view(0).battlefield.find((x) => x.name === name && x.controller === seat);
  if (!c) throw new Error(`no ${name} of p${seat + 1}`);
  return g.state.objects[c.id]!;
}

/** The index of the pending option that names the object `id` (or, given a seat, that player). */
function optionFor(g: Game, target: { id: number } | { seat: 0 | 1 }): number {
  const option = g.pending()!.options.find((o) => {
    const a = o.action as { card?: { id: number }; player?: { seat: number } };
    return 'id' in target ? a.card?.id === target.id : a.player?.seat === target.seat;
  });
  if (!option) throw new Error(`no option for ${JSON.stringify(target)} in ${labels(g).join(' | ')}`);
  return option.index;
}

/** Casts `spell`, targeting the object `target` (by id) or the player `seat`. */
function castAt(g: Game, spell: string, target: { id: number } | { seat: 0 | 1 }): void {
  act(g, `cast ${spell}`);
  const point = g.pending()!;
  // A target that is the only legal one is chosen without asking.
  if (point.kind !== 'targets') return resolveStack(g);
  g.choose(optionFor(g, target));
  resolveStack(g);
}

function asked(g: Game, kind: string): boolean {
  return g.actions.some((a) => a.type === 'ChoicePoint' && a.kind === kind);
}

describe('counter replacement effects (R:Event$ AddCounter)', needsCorpus('forge-cards'), () => {
  it('Winding Constrictor: one more counter on a creature you control, none more on an opponent’s', () => {
    const g = game({ hand: ['Battlegrowth', 'Battlegrowth'], battlefield: ['Forest', 'Forest', 'Winding Constrictor', 'Grizzly Bears'] }, ['Grizzly Bears']);
    castAt(g, 'Battlegrowth', { id: obj(g, 'Grizzly Bears', 0).id });
    expect(obj(g, 'Grizzly Bears', 0).counters).toEqual({ P1P1: 2 });
    castAt(g, 'Battlegrowth', { id: obj(g, 'Grizzly Bears', 1).id });
    expect(obj(g, 'Grizzly Bears', 1).counters).toEqual({ P1P1: 1 });
    // One replacement applies each time: nothing is asked.
    expect(asked(g, 'order-replacements')).toBe(false);
  });

  it('Winding Constrictor: an artifact creature entering with counters gets one more (CR 122.6, 614.1c)', () => {
    const g = game({ hand: ['Mindless Automaton'], battlefield: ['Forest', 'Forest', 'Forest', 'Forest', 'Winding Constrictor'] });
    act(g, 'cast Mindless Automaton');
    resolveStack(g);
    expect(obj(g, 'Mindless Automaton', 0).counters).toEqual({ P1P1: 3 });
  });

  it('the opponent’s Winding Constrictor applies to the opponent’s creatures: −1/−1 counters become two (PS_AKH1)', () => {
    const g = game({ hand: ['Grim Affliction'], battlefield: ['Swamp', 'Swamp', 'Swamp'] }, ['Winding Constrictor', 'Colossal Dreadmaw']);
    const dreadmaw = obj(g, 'Colossal Dreadmaw', 1);
    castAt(g, 'Grim Affliction', { id: dreadmaw.id });
    // Then proliferate: the Dreadmaw's one kind of counter, one more plus one.
    expect(g.pending()!.kind).toBe('choose');
    pick(g, 'Colossal Dreadmaw');
    resolveStack(g);
    expect(dreadmaw.counters).toEqual({ M1M1: 4 });
    expect(g.events.filter((e) => e.type === 'CounterAdded').map((e) => (e.type === 'CounterAdded' ? e.amount : 0))).toEqual([2, 2]);
  });

  it('Winding Constrictor: you get poison and energy counters plus one; an opponent does not', () => {
    const g = game({ hand: ['Caress of Phyrexia', 'Caress of Phyrexia'], battlefield: [...Array.from({ length: 10 }, () => 'Swamp'), 'Winding Constrictor'] });
    castAt(g, 'Caress of Phyrexia', { seat: 0 });
    expect(g.state.players[0].poison).toBe(4);
    castAt(g, 'Caress of Phyrexia', { seat: 1 });
    expect(g.state.players[1].poison).toBe(3);
    const h = game({ hand: ['Aether Hub'], battlefield: ['Winding Constrictor'] });
    act(h, 'play Aether Hub');
    resolveStack(h);
    expect(h.state.players[0].counters).toEqual({ ENERGY: 2 });
  });

  it('damage: infect poison to the player with Winding Constrictor is one more; wither −1/−1 counters under Vizier of Remedies one fewer', () => {
    const g = game({ battlefield: ['Glistener Elf'] }, ['Winding Constrictor']);
    act(g, 'attack with Glistener Elf');
    passWhile(g, (x) => x.state.turn === 1);
    expect(g.state.players[1].poison).toBe(2);
    const h = game({ hand: ['Puncture Blast'], battlefield: ['Mountain', 'Mountain', 'Mountain', 'Vizier of Remedies', 'Colossal Dreadmaw'] });
    castAt(h, 'Puncture Blast', { id: obj(h, 'Colossal Dreadmaw', 0).id });
    expect(obj(h, 'Colossal Dreadmaw', 0).counters).toEqual({ M1M1: 2 });
  });

  it('Corpsejack Menace doubles +1/+1 counters on your creatures', () => {
    const g = game({ hand: ['Battlegrowth'], battlefield: ['Forest', 'Corpsejack Menace', 'Grizzly Bears'] });
    castAt(g, 'Battlegrowth', { id: obj(g, 'Grizzly Bears', 0).id });
    expect(obj(g, 'Grizzly Bears', 0).counters).toEqual({ P1P1: 2 });
  });

  it('Winding Constrictor and Corpsejack Menace: the controller chooses the order (CR 616.1), 1 → 4 or 3', () => {
    const setUp = () => {
      const g = game({ hand: ['Battlegrowth'], battlefield: ['Forest', 'Winding Constrictor', 'Corpsejack Menace', 'Grizzly Bears'] });
      const bears = obj(g, 'Grizzly Bears', 0);
      act(g, 'cast Battlegrowth');
      g.choose(optionFor(g, { id: bears.id }));
      resolveStack(g);
      const point = g.pending()!;
      expect(point.kind).toBe('order-replacements');
      expect(point.seat).toBe(0);
      // Option 0 is the earliest timestamp: Winding Constrictor.
      expect(labels(g).map((l) => l.split(':')[0])).toEqual(['Winding Constrictor', 'Corpsejack Menace']);
      return { g, bears };
    };
    const plusFirst = setUp();
    pick(plusFirst.g, 'Winding Constrictor');
    resolveStack(plusFirst.g);
    expect(plusFirst.bears.counters).toEqual({ P1P1: 4 });
    const doubleFirst = setUp();
    pick(doubleFirst.g, 'Corpsejack Menace');
    resolveStack(doubleFirst.g);
    expect(doubleFirst.bears.counters).toEqual({ P1P1: 3 });
  });

  it('Vizier of Remedies: one fewer −1/−1 counter on your creatures (none here), not on an opponent’s', () => {
    const g = game(
      { hand: ['Grim Affliction', 'Grim Affliction'], battlefield: [...Array.from({ length: 6 }, () => 'Swamp'), 'Vizier of Remedies', 'Craw Wurm'] },
      ['Craw Wurm'],
    );
    castAt(g, 'Grim Affliction', { id: obj(g, 'Craw Wurm', 0).id });
    expect(obj(g, 'Craw Wurm', 0).counters).toEqual({});
    castAt(g, 'Grim Affliction', { id: obj(g, 'Craw Wurm', 1).id });
    pick(g, 'done');
    resolveStack(g);
    expect(obj(g, 'Craw Wurm', 1).counters).toEqual({ M1M1: 1 });
  });

  it('Hardened Scales: +1/+1 counters only, on creatures you control', () => {
    const g = game({ hand: ['Battlegrowth'], battlefield: ['Forest', 'Hardened Scales', 'Grizzly Bears'] });
    castAt(g, 'Battlegrowth', { id: obj(g, 'Grizzly Bears', 0).id });
    expect(obj(g, 'Grizzly Bears', 0).counters).toEqual({ P1P1: 2 });
  });

  it('Doubling Season: a planeswalker enters with twice its loyalty; a loyalty cost is not doubled (EffectOnly$), its effect is', () => {
    const g = game({ hand: ['Ajani Goldmane'], battlefield: ['Plains', 'Plains', 'Plains', 'Plains', 'Doubling Season', 'Grizzly Bears'] });
    act(g, 'cast Ajani Goldmane');
    resolveStack(g);
    const ajani = obj(g, 'Ajani Goldmane', 0);
    expect(ajani.counters).toEqual({ LOYALTY: 8 });
    act(g, 'activate Ajani Goldmane: AddCounter');
    resolveStack(g);
    expect(ajani.counters).toEqual({ LOYALTY: 9 });
    expect(g.state.players[0].life).toBe(22);
  });

  it('without a counter replacement in the game nothing changes', () => {
    const g = game({ hand: ['Battlegrowth'], battlefield: ['Forest', 'Grizzly Bears'] });
    castAt(g, 'Battlegrowth', { id: obj(g, 'Grizzly Bears', 0).id });
    expect(obj(g, 'Grizzly Bears', 0).counters).toEqual({ P1P1: 1 });
  });
});
