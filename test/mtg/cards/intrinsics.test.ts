// Stage 4, intrinsics: a basic land type grants its mana ability (CR 305.6) though no line says so.
import { describe, expect, it } from 'vitest';
import { compile } from './support.js';

describe('applyIntrinsics', () => {
  it('gives each basic land type its mana ability', () => {
    const { card } = compile(['Name:Dual Test', 'ManaCost:no cost', 'Types:Land Island Mountain']);
    const abilities = card.faces[0]!.abilities;
    expect(abilities.map((a) => [a.origin, a.head, a.params.Cost, a.params.Produced])).toEqual([
      ['intrinsic:Island', 'Mana', 'T', 'U'],
      ['intrinsic:Mountain', 'Mana', 'T', 'R'],
    ]);
    expect(card.primitives).toEqual(['api:Mana', 'cost:Tap']);
  });

  it('adds nothing to lands without a basic land type, and keeps scripted abilities', () => {
    const { card } = compile(['Name:Plain Test', 'Types:Land', 'A:AB$ Mana | Cost$ T | Produced$ C']);
    expect(card.faces[0]!.abilities.map((a) => a.origin ?? 'script')).toEqual(['script']);
  });

  it('applies per face', () => {
    const { card } = compile(['Name:Front', 'AlternateMode:DoubleFaced', 'Types:Creature', 'ALTERNATE', 'Name:Back', 'Types:Land Forest']);
    expect(card.faces.map((f) => f.abilities.length)).toEqual([0, 1]);
  });
});
