// The words of a REPL line: quotes keep text together, `#` starts a comment, group=tag pairs.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { askOf, handLabel, words } from '../../src/cli/session/words.js';

describe('REPL words', () => {
  it('splits on spaces and keeps quoted text together', () => {
    expect(words('set name "Old Tom"  # the smith')).toEqual(['set', 'name', 'Old Tom']);
    expect(words('set name ""')).toEqual(['set', 'name', '']);
    expect(words('   ')).toEqual([]);
    expect(words('# only a comment')).toEqual([]);
    expect(words('set motto a#b')).toEqual(['set', 'motto', 'a#b']);
  });

  it('gives back any list of plain words joined by spaces', () => {
    const word = fc.stringMatching(/^[A-Za-z0-9_=.@-]{1,8}$/);
    fc.assert(
      fc.property(fc.array(word, { maxLength: 6 }), fc.integer({ min: 1, max: 3 }), (ws, gap) => {
        expect(words(ws.join(' '.repeat(gap)))).toEqual(ws);
      }),
    );
  });

  it('reads group=tag pairs and refuses anything else', () => {
    expect(askOf(['npc=elder', 'zone=forest'])).toEqual({ npc: 'elder', zone: 'forest' });
    expect(askOf([])).toEqual({});
    expect(askOf(['npc'])).toBeUndefined();
    expect(askOf(['npc=elder=smith'])).toBeUndefined();
    expect(handLabel('square', { zone: 'village', npc: 'elder' })).toBe('square npc=elder zone=village');
  });
});
