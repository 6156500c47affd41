// `R:Event$ CreateToken` replacement effects (CR 614.1, 111.1) with `ReplaceEffect | VarName$
// TokenNum` (`ReplaceCount$TokenNum`) and `VarName$ Affected | VarType$ Player`, played with the
// real cards against their Oracle text: Anointed Procession, Parallel Lives, Crafty Cutpurse.
// Crafty Cutpurse's `Layer$ Control` applies before the others (CR 616.1b), whatever the affected
// player would choose. Skipped without the corpus (needsCorpus).
import { describe, expect, it } from 'vitest';
import type { Game } from '../../../src/mtg/engine/index.js';
import { needsCorpus } from '../../support/corpora.js';
import { realRegistry } from './corpus.js';
import { act, board, field, labels, pick, resolveStack } from './helpers.js';

const LIBRARY = Array.from({ length: 8 }, () => 'Forest');
const lands = (name: string, n: number) => Array.from({ length: n }, () => name);

function game(mine: { hand?: string[]; battlefield: string[] }, theirs: string[] = []): Game {
  return board(
    { hand: mine.hand ?? [], battlefield: mine.battlefield, library: LIBRARY },
    { battlefield: theirs, library: LIBRARY },
    { registry: realRegistry() },
  );
}

const count = (g: Game, seat: 0 | 1, name: string) => field(g, seat).filter((n) => n === name).length;

/** Casts Crafty Cutpurse and resolves it and its enters trigger. */
function cutpurse(g: Game): void {
  act(g, 'cast Crafty Cutpurse');
  resolveStack(g);
  expect(field(g, 0)).toContain('Crafty Cutpurse');
}

/** Casts Beast Within at the opponent's permanent `name` and resolves it. */
function beastWithin(g: Game, name: string): void {
  act(g, 'cast Beast Within');
  pick(g, `target ${name}`);
  resolveStack(g);
}

describe('CreateToken replacement effects (CR 614.1, 111.1)', needsCorpus('forge-cards'), () => {
  it('Anointed Procession: an effect that would create two Soldiers under your control creates four', () => {
    const g = game({ hand: ['Raise the Alarm'], battlefield: ['Anointed Procession', ...lands('Plains', 2)] });
    act(g, 'cast Raise the Alarm');
    resolveStack(g);
    expect(count(g, 0, 'Soldier')).toBe(4);
  });

  it("an opponent's Anointed Procession does not double your tokens (ValidPlayer$ You)", () => {
    const g = game({ hand: ['Raise the Alarm'], battlefield: lands('Plains', 2) }, ['Anointed Procession']);
    act(g, 'cast Raise the Alarm');
    resolveStack(g);
    expect(count(g, 0, 'Soldier')).toBe(2);
  });

  it('Anointed Procession and Parallel Lives each apply once (CR 614.5): two Soldiers become eight', () => {
    const g = game({ hand: ['Raise the Alarm'], battlefield: ['Anointed Procession', 'Parallel Lives', ...lands('Plains', 2)] });
    act(g, 'cast Raise the Alarm');
    resolveStack(g);
    // Both apply: the affected player chooses which first (CR 616.1e); either way it is eight.
    expect(g.pending()?.kind).toBe('order-replacements');
    expect(labels(g).map((l) => l.split(':')[0])).toEqual(['Anointed Procession', 'Parallel Lives']);
    pick(g, 'Parallel Lives');
    resolveStack(g);
    expect(count(g, 0, 'Soldier')).toBe(8);
  });

  it('Crafty Cutpurse: the Beast Within gives the opponent is created under your control; you own it (CR 111.2)', () => {
    const g = game({ hand: ['Crafty Cutpurse', 'Beast Within'], battlefield: [...lands('Island', 4), ...lands('Forest', 3)] }, ['Grizzly Bears']);
    cutpurse(g);
    beastWithin(g, 'Grizzly Bears');
    expect(field(g, 1)).toEqual([]);
    expect(count(g, 0, 'Beast')).toBe(1);
    const beast = g.view(0).battlefield.find((c) => c.name === 'Beast')!;
    expect(g.state.objects[beast.id]!.owner).toBe(0);
  });

  it('Crafty Cutpurse does not touch tokens created under your own control', () => {
    const g = game({ hand: ['Crafty Cutpurse', 'Beast Within'], battlefield: [...lands('Island', 4), ...lands('Forest', 3), 'Grizzly Bears'] });
    cutpurse(g);
    beastWithin(g, 'Grizzly Bears');
    expect(count(g, 0, 'Beast')).toBe(1);
    expect(field(g, 1)).toEqual([]);
  });

  it('Crafty Cutpurse takes the tokens first (Layer$ Control, CR 616.1b), then your Anointed Procession doubles them', () => {
    const g = game({ hand: ['Crafty Cutpurse', 'Beast Within'], battlefield: ['Anointed Procession', ...lands('Island', 4), ...lands('Forest', 3)] }, [
      'Grizzly Bears',
    ]);
    cutpurse(g);
    beastWithin(g, 'Grizzly Bears');
    expect(count(g, 0, 'Beast')).toBe(2);
    expect(field(g, 1)).toEqual([]);
  });

  it("with the opponent's Anointed Procession, Crafty Cutpurse applies first and theirs no longer does: one Beast, not two", () => {
    const g = game({ hand: ['Crafty Cutpurse', 'Beast Within'], battlefield: [...lands('Island', 4), ...lands('Forest', 3)] }, [
      'Grizzly Bears',
      'Anointed Procession',
    ]);
    cutpurse(g);
    beastWithin(g, 'Grizzly Bears');
    // No order is asked: the control-changing effect is the only one in the earliest layer.
    expect(g.pending()?.kind).not.toBe('order-replacements');
    expect(count(g, 0, 'Beast')).toBe(1);
    expect(field(g, 1)).toEqual(['Anointed Procession']);
  });
});
