// The leak scanner (test/support/leak-scan.ts): which faces a seat may not see, and finding a
// planted hidden name anywhere in a JSON value.
import { describe, expect, it } from 'vitest';
import { hiddenFaces, scanForLeaks } from '../../../src/mtg/engine/replica/leak-scan.js';
import { board, pick } from './helpers.js';

describe('hiddenFaces', () => {
  it("lists the opponent's hand and both libraries, less names the seat sees elsewhere", () => {
    const g = board(
      { hand: ['Test Bear', 'Test Mountain'], library: ['Test Giant', 'Test Bolt'], battlefield: ['Test Forest'] },
      { hand: ['Test Wall'], library: ['Test Hawk', 'Test Forest'], graveyard: ['Test Growth'] },
    );
    const h = hiddenFaces(g, 0);
    const cardsOf = (ids: number[]): string[] => ids.map((id) => g.state.objects[id]!.card).sort();
    expect(cardsOf([...h.byId.keys()])).toEqual(['Test Bolt', 'Test Forest', 'Test Giant', 'Test Hawk', 'Test Wall']);
    // Test Forest is on the battlefield: its name is no secret.
    expect(h.names).toContain('Test Wall');
    expect(h.names).toContain('test_wall'); // the script's file stem names the face too
    expect(h.names).not.toContain('Test Forest');
    expect(h.names).not.toContain('Test Bear');
    expect(hiddenFaces(g, 1).names).toContain('Test Bear');
    expect(hiddenFaces(g, 1).names).not.toContain('Test Wall');
  });

  it('forgets a hidden face once it is shown: a cast card is public', () => {
    const g = board({ hand: ['Test Mountain', 'Test Bear'], battlefield: ['Test Forest', 'Test Forest'] }, {});
    const bear = g.state.zones['hand-0']!.find((id) => g.state.objects[id]!.card === 'Test Bear')!;
    expect(hiddenFaces(g, 1).byId.has(bear)).toBe(true);
    pick(g, 'cast Test Bear');
    expect(hiddenFaces(g, 1).byId.has(bear)).toBe(false);
  });
});

describe('scanForLeaks', () => {
  it('finds a planted leak anywhere, with its path, case-insensitively and word-bounded', () => {
    const entries = [
      { type: 'Draw', seat: 1, card: 12 },
      { type: 'Note', text: 'p2 holds test WALL and more' },
      { deep: { list: [{ ok: 'Test Walls of Jericho' }, { bad: 'cast Test Wall.' }] } },
      { 'Test Wall': 1 },
      new Map([['k', 'test_wall#0/a/0']]),
    ];
    const leaks = scanForLeaks(entries, ['Test Wall', 'test_wall']);
    expect(leaks.map((l) => [l.path, l.name])).toEqual([
      ['$[1].text', 'Test Wall'],
      ['$[2].deep.list[1].bad', 'Test Wall'],
      ['$[3]["Test Wall"]<key>', 'Test Wall'],
      ['$[4].get("k")', 'test_wall'],
    ]);
  });

  it('does not take a visible name that contains a hidden one, or a characteristic word, for a leak', () => {
    const hidden = { seat: 0 as const, byId: new Map<number, string[]>(), names: ['Recall', 'Swamp'], visible: ['ancestral recall'] };
    expect(scanForLeaks({ stack: ['Ancestral Recall'] }, hidden)).toEqual([]);
    expect(scanForLeaks({ log: 'Recall, then Ancestral Recall' }, hidden).map((l) => l.name)).toEqual(['Recall']);
    // A dual land's subtype is no basic Swamp's name; a name field saying Swamp is.
    expect(scanForLeaks({ subtypes: ['Swamp'], keywords: ['Landwalk:Swamp'] }, hidden)).toEqual([]);
    expect(scanForLeaks({ name: 'Swamp' }, hidden).map((l) => l.path)).toEqual(['$.name']);
    expect(scanForLeaks({ subtypes: ['Swamp'] }, hidden, { skipKeys: [] }).map((l) => l.path)).toEqual(['$.subtypes[0]']);
  });

  it('finds nothing in a clean value and with no names', () => {
    expect(scanForLeaks({ a: ['Test Bear'], b: 3 }, ['Test Wall'])).toEqual([]);
    expect(scanForLeaks({ a: ['Test Wall'] }, [])).toEqual([]);
  });

  it("finds the hand a view would leak: p1's view holds no face of p2's hand, a planted one is found", () => {
    const g = board({ hand: ['Test Mountain'] }, { hand: ['Test Wall', 'Test Giant'] });
    const hidden = hiddenFaces(g, 0);
    const view = g.view(0);
    expect(scanForLeaks(view, hidden)).toEqual([]);
    const planted = { ...view, revealed: [{ ...view.hand[0]!, name: 'Test Giant' }] };
    expect(scanForLeaks(planted, hidden)).toEqual([{ path: '$.revealed[0].name', name: 'Test Giant', text: 'Test Giant' }]);
  });
});
