// The puzzle language's expectations and the set-up it gained for issue 20, played on the real
// engine: `expect-refused` in a script (a choice the rules forbid must not be offered), with the
// Oracle rule each one checks. The starter puzzles test/puzzles/starter/expect-refused-block.pzl,
// assert-permanents.pzl and manapool.pzl cover the block, the permanent assertions and the pool;
// this file covers what needs a fixture card (protection: no starter card has it).
import { describe, expect, it } from 'vitest';
import { compileScript, createCardRegistry, type CardRegistry } from '../../../src/mtg/cards/index.js';
import { readPuzzle, runPuzzle } from '../../../src/mtg/puzzles/index.js';
import { compileStarterCards } from '../../../src/mtg/starter/index.js';
import { FIXTURE_CARDS } from '../engine/fixtures/cards.js';

/** The starter cards and Test Paladin (2/2, protection from red). */
function registry(): CardRegistry {
  const { card } = compileScript('cardsfolder/t/test_paladin.txt', FIXTURE_CARDS['Test Paladin']!.join('\n'));
  if (!card) throw new Error('Test Paladin did not compile');
  return createCardRegistry({ cards: [...compileStarterCards().cards, card], tokens: [] });
}

const bolt = (script: string, assertions: string): string => `[metadata]
Name:Lightning Bolt cannot target a pro-red creature
Turns:1

[state]
turn=1
activeplayer=p0
activephase=MAIN1
p0library=Island;Island;Island;Island;Island
p0hand=Lightning Bolt
p0battlefield=Mountain
p1library=Island;Island;Island;Island;Island
p1battlefield=Test Paladin;Grizzly Bears

[p0_script]
${script}

[assertions]
${assertions}
`;

describe('expect-refused on the engine', () => {
  const cards = registry();

  it('Lightning Bolt cannot target a creature with protection from red (CR 702.16b): refused, then the Bears are its target', () => {
    const text = bolt(
      'expect-refused cast lightning bolt targeting test paladin\ntarget grizzly bears',
      'opponent graveyard contains Grizzly Bears\nopponent battlefield contains Test Paladin\nopponent damage eq 0 Test Paladin',
    );
    const r = runPuzzle(readPuzzle(text, 'pro-red.pzl', cards), { registry: cards, seed: 1 });
    expect([r.status, r.reasons]).toEqual(['pass', []]);
  });

  it('an expectation the engine does not meet is a run error naming the command: the Bears can be targeted', () => {
    const text = bolt('expect-refused cast lightning bolt targeting grizzly bears\ntarget p2', 'opponent life eq 17');
    const r = runPuzzle(readPuzzle(text, 'bears.pzl', cards), { registry: cards, seed: 1 });
    expect(r.status).toBe('run-error');
    expect(r.reasons).toHaveLength(1);
    expect(r.reasons[0]).toMatch(/^input\/not-refused: fixed inputs for p1, 1:1: 'expect-refused cast lightning bolt targeting grizzly bears'/);
  });

  it('expect-offered holds for a legal target and chooses nothing: the next command does', () => {
    const text = bolt(
      'expect-offered cast lightning bolt targeting grizzly bears\ntarget p2',
      'opponent life eq 17\nopponent battlefield contains Grizzly Bears',
    );
    const r = runPuzzle(readPuzzle(text, 'offered.pzl', cards), { registry: cards, seed: 1 });
    expect([r.status, r.reasons]).toEqual(['pass', []]);
  });
});
