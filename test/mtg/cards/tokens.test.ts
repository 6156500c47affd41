// Stage 2's tokeniser: `|` between parameters, `$` between key and value, `:` between a line's
// key and value, `<...>` groups in costs; Forge's case-insensitive, last-wins parameter maps.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { paramValue, parseParams, splitCost, splitList } from '../../../src/mtg/cards/index.js';
import { own, splitKeywordList, splitScriptLine } from '../../../src/mtg/cards/tokens.js';

describe('splitScriptLine', () => {
  it('splits at the first colon only, so SVar bodies keep theirs', () => {
    expect(splitScriptLine('SVar:X:Count$xPaid')).toEqual({ key: 'SVar', value: 'X:Count$xPaid', valueOffset: 5 });
  });
  it('has no key for a line without a colon or starting with one', () => {
    expect(splitScriptLine(' | SpellDescription$ Return it.')).toBeUndefined();
    expect(splitScriptLine(':value')).toBeUndefined();
  });
});

describe('parseParams', () => {
  it('tokenises on | and $ and trims', () => {
    expect(parseParams('DB$ Draw |  NumCards$ 2 | Defined$ You').params).toEqual({ DB: 'Draw', NumCards: '2', Defined: 'You' });
  });
  it('keeps $ inside values: only the first $ of a piece separates', () => {
    expect(parseParams('Amount$ Count$Valid Creature').params).toEqual({ Amount: 'Count$Valid Creature' });
  });
  it('does not find keys by substring: PreventDamage is not DealDamage', () => {
    const { params } = parseParams('DB$ PreventDamage | Amount$ 2');
    expect(paramValue(params, 'DB')).toBe('PreventDamage');
    expect(paramValue(params, 'Damage')).toBeUndefined();
  });
  it('reports a repeated key (case-insensitively) and keeps the last value, as Forge does', () => {
    const { params, problems } = parseParams('NumCards$ 1 | numcards$ 2');
    expect(params).toEqual({ NumCards: '2' });
    expect(problems).toEqual([{ kind: 'duplicate-param', offset: 14, key: 'numcards' }]);
  });
  it('reports pieces without $ and empty pieces with their offsets', () => {
    const { problems } = parseParams('DB$ Draw || NumCards 1');
    expect(problems.map((p) => [p.kind, p.offset])).toEqual([
      ['empty-param', 10],
      ['param-without-value', 12],
    ]);
  });
  it('tolerates a trailing bar', () => {
    expect(parseParams('DB$ Draw |').problems).toEqual([]);
  });
  it('treats __proto__ and constructor as plain keys', () => {
    const { params } = parseParams('__proto__$ x | constructor$ y');
    expect(Object.keys(params)).toEqual(['__proto__', 'constructor']);
    expect(own(params, '__proto__')).toBe('x');
    expect(own({ a: 1 }, 'constructor')).toBeUndefined();
  });
  it("looks keys up case-insensitively (Forge's maps are)", () => {
    expect(paramValue({ Subability: 'DBDraw' }, 'SubAbility')).toBe('DBDraw');
  });
  it('never throws, and every key it returns came from a $-piece or a bare piece of the input', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const { params } = parseParams(text);
        for (const key of Object.keys(params)) expect(text.includes(key)).toBe(true);
      }),
    );
  });
  it('round-trips key/value pairs written with the delimiters', () => {
    const word = fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{0,8}$/);
    const value = fc.stringMatching(/^[A-Za-z0-9 .,+/-]{0,12}$/).map((s) => s.trim());
    fc.assert(
      fc.property(fc.uniqueArray(fc.tuple(word, value), { selector: ([k]) => k.toLowerCase(), minLength: 1, maxLength: 8 }), (pairs) => {
        const text = pairs.map(([k, v]) => `${k}$ ${v}`).join(' | ');
        expect(parseParams(text).params).toEqual(Object.fromEntries(pairs));
      }),
    );
  });
});

describe('lists and costs', () => {
  it('splits SVar lists on commas and ampersands', () => {
    expect(splitList('ABMana , ABPump & ABDraw')).toEqual(['ABMana', 'ABPump', 'ABDraw']);
  });
  it('splits keyword lists and drops the HIDDEN marker', () => {
    expect(splitKeywordList('Haste & HIDDEN Unblockable', ' & ')).toEqual(['Haste', 'Unblockable']);
    expect(splitKeywordList('Flying<>Vigilance', '<>')).toEqual(['Flying', 'Vigilance']);
  });
  it('keeps <...> groups whole in costs', () => {
    expect(splitCost('1 R T Sac<1/Creature/creature you control>')).toEqual(['1', 'R', 'T', 'Sac<1/Creature/creature you control>']);
  });
  it('never loses a non-space character of a cost', () => {
    fc.assert(
      fc.property(fc.string(), (cost) => {
        expect(splitCost(cost).join('').replace(/\s/g, '')).toBe(cost.replace(/\s/g, ''));
      }),
    );
  });
});
