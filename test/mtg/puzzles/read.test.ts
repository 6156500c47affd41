// The .pzl reader on hand-written puzzles (test/mtg/puzzles/fixtures/, see support.ts), read
// against the starter registry plus one token script; plus the behaviours users rely on, the
// file reader, and a fast-check property (never throws, positions inside the file).
import fc from 'fast-check';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatPuzzleDiagnostic, puzzleErrors, puzzlePhase, readPuzzle, readPuzzleFile, MAX_PUZZLE_CHARS } from '../../../src/mtg/puzzles/index.js';
import { FIXTURES, expectGolden, puzzleCases, summary, testRegistry } from './support.js';

const registry = testRegistry();
const read = (text: string, file = 'test.pzl') => readPuzzle(text, file, registry);
const codes = (text: string) => read(text).diagnostics.map((d) => [d.code, d.line, d.column]);

describe('puzzles with no error read to their golden', () => {
  for (const c of puzzleCases('valid')) {
    it(c.name, () => {
      const p = read(c.text, c.name);
      expect(puzzleErrors(p)).toEqual([]);
      expectGolden(c.path.replace(/\.pzl$/, '.json'), summary(p));
    });
  }
});

describe('puzzles with one error give it, with its line and column', () => {
  for (const c of puzzleCases('error')) {
    it(c.name, () => {
      const p = read(c.text, c.name);
      const errors = puzzleErrors(p);
      expect(errors).toHaveLength(1);
      expect(errors[0]!.file).toBe(c.name);
      expect(errors[0]!.message.length).toBeGreaterThan(0);
      expectGolden(c.path.replace(/\.pzl$/, '.json'), summary(p));
    });
  }
});

describe('card names', () => {
  it('an unknown card is an error naming the file, line, column and the nearest known names', () => {
    const p = read('[state]\np0hand=Shock; Lightnin Bolt|Set:M10\n', 'puzzles/x.pzl');
    expect(p.diagnostics).toHaveLength(1);
    const d = p.diagnostics[0]!;
    expect([d.code, d.severity, d.file, d.line, d.column]).toEqual(['puzzle/unknown-card', 'error', 'puzzles/x.pzl', 2, 15]);
    expect(d.message).toContain('"Lightnin Bolt"');
    expect(d.suggestions).toEqual(['Lightning Bolt']);
    expect(formatPuzzleDiagnostic(d).startsWith('puzzles/x.pzl:2:15  error puzzle/unknown-card  ')).toBe(true);
    // The entry is kept, unresolved, so counts and positions stay right.
    expect(p.state.players[0].zones.hand.map((c) => c.card ?? null)).toEqual(['Shock', null]);
  });

  it('resolves names as the registry does: case, curly apostrophes, split-card spacing', () => {
    const p = read('[state]\np0hand=lightning BOLT; Man-o\u2019-War; GRIZZLY bears\n');
    expect(puzzleErrors(p)).toEqual([]);
    expect(p.state.players[0].zones.hand.map((c) => c.card)).toEqual(['Lightning Bolt', "Man-o'-War", 'Grizzly Bears']);
  });

  it('reads token scripts by stem (bare, or after T:) and inline tokens after t:', () => {
    const p = read('[state]\np0battlefield=w_1_1_test_wisp; T:w_1_1_test_wisp; t:Servo,P:1,T:2,Types:Artifact-Creature-Servo\n');
    expect(puzzleErrors(p)).toEqual([]);
    const [a, b, c] = p.state.players[0].zones.battlefield;
    expect([a!.tokenScript, b!.tokenScript]).toEqual(['w_1_1_test_wisp', 'w_1_1_test_wisp']);
    expect(c!.token).toMatchObject({ name: 'Servo', power: 1, toughness: 2, types: ['Artifact', 'Creature', 'Servo'] });
  });
});

describe('players and zones', () => {
  it('p0/p1 and human/ai prefixes set the same seats', () => {
    const forge = read('[state]\nhumanlife=3\nailife=4\nhumanhand=Shock\naibattlefield=Hill Giant\nhumanplay=Forest\nactiveplayer=ai\n');
    const deep = read('[state]\np0life=3\np1life=4\np0hand=Shock\np1battlefield=Hill Giant\np0battlefield=Forest\nactiveplayer=p1\n');
    const strip = (p: ReturnType<typeof read>) => JSON.parse(JSON.stringify(p.state, (k, v) => (k === 'column' || k === 'line' ? undefined : v)));
    expect(strip(forge)).toEqual(strip(deep));
    expect(forge.state.activePlayer).toBe(1);
  });

  it('loads the command zone', () => {
    const p = read('[state]\np0command=Holy Strength\naicommand=Pacifism\n');
    expect(p.state.players[0].zones.command.map((c) => c.card)).toEqual(['Holy Strength']);
    expect(p.state.players[1].zones.command.map((c) => c.card)).toEqual(['Pacifism']);
  });

  it('keeps the library in the order written, top first', () => {
    const p = read('[state]\np0library=Island; Forest; Mountain\n');
    expect(p.state.players[0].zones.library.map((c) => c.card)).toEqual(['Island', 'Forest', 'Mountain']);
  });

  it('defaults: turn 1, seat 0 in main phase 1, 20 life, empty zones', () => {
    const p = read('[state]\n');
    expect(p.diagnostics).toEqual([]);
    expect([p.state.turn, p.state.activePlayer, p.state.activePhase, p.state.players[1].life]).toEqual([1, 0, 'main1', 20]);
  });

  it('a later key wins over an earlier one for the same field, whichever prefix wrote it, with a warning', () => {
    const p = read('[state]\np0life=10\nHumanLife=12\n');
    expect(p.state.players[0].life).toBe(12);
    expect(p.diagnostics.map((d) => [d.code, d.severity, d.line])).toEqual([['puzzle/duplicate-key', 'warning', 3]]);
  });
});

describe('phases', () => {
  it('normalises every phase name the corpora and Forge use to the engine step names', () => {
    const cases: Array<[string, string]> = [
      ['MAIN1', 'main1'],
      ['Main1', 'main1'],
      ['main2', 'main2'],
      ['UPKEEP', 'upkeep'],
      ['Upkeep', 'upkeep'],
      ['DRAW', 'draw'],
      ['UNTAP', 'untap'],
      ['COMBAT_BEGIN', 'beginCombat'],
      ['BeginCombat', 'beginCombat'],
      ['COMBAT_DECLARE_ATTACKERS', 'declareAttackers'],
      ['Declare Attackers', 'declareAttackers'],
      ['DECLAREATK', 'declareAttackers'],
      ['COMBAT_DECLARE_BLOCKERS', 'declareBlockers'],
      ['DECLAREBLOCKERS', 'declareBlockers'],
      ['COMBAT_FIRST_STRIKE_DAMAGE', 'combatDamage'],
      ['First Strike Damage', 'combatDamage'],
      ['COMBAT_DAMAGE', 'combatDamage'],
      ['COMBAT_END', 'endCombat'],
      ['EndCombat', 'endCombat'],
      ['PRECOMBATMAIN', 'main1'],
      ['precombat_main', 'main1'],
      ['END_OF_TURN', 'end'],
      ['End of Turn', 'end'],
      ['END', 'end'],
      ['CLEANUP', 'cleanup'],
    ];
    for (const [written, step] of cases) expect(puzzlePhase(written), written).toBe(step);
    expect(puzzlePhase('LUNCH')).toBeUndefined();
  });

  it('an unknown phase is an error at the value, with a did-you-mean', () => {
    const p = read('[state]\nactivephase=UPKEPE\n');
    expect(p.diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([['puzzle/unknown-phase', 2, 13]]);
    expect(p.diagnostics[0]!.message).toContain('UPKEEP');
  });
});

describe('what the format does not have is kept and reported as a warning', () => {
  it('unknown modifiers stay on the card', () => {
    const p = read('[state]\np0hand=Shock|AER|Sparkly:yes\n');
    expect(puzzleErrors(p)).toEqual([]);
    expect(p.state.players[0].zones.hand[0]!.unknownModifiers).toEqual(['AER', 'Sparkly:yes']);
    expect(p.diagnostics.map((d) => [d.code, d.severity, d.column])).toEqual([
      ['puzzle/unknown-modifier', 'warning', 14],
      ['puzzle/unknown-modifier', 'warning', 18],
    ]);
  });

  it('unknown sections keep their lines', () => {
    const p = read('[state]\n[golden_log]\nhash=12\n# a comment\nmore text\n');
    expect(p.sections).toEqual([
      {
        name: 'golden_log',
        line: 2,
        lines: [
          { line: 3, column: 1, text: 'hash=12' },
          { line: 5, column: 1, text: 'more text' },
        ],
      },
    ]);
    expect(codes('[state]\n[golden_log]\nhash=12\n')).toEqual([['puzzle/unknown-section', 2, 1]]);
  });

  it('unknown [state] and [metadata] keys are kept as written', () => {
    const p = read('[metadata]\nFlavour:salty\n[state]\np0speed=2\n');
    expect(p.metadata.unknown).toEqual({ Flavour: 'salty' });
    expect(p.state.unknown).toEqual({ p0speed: '2' });
    expect(p.diagnostics.map((d) => d.code)).toEqual(['puzzle/unknown-key', 'puzzle/unknown-key']);
  });
});

describe('scripts', () => {
  it('keeps [p0_script] and [p1_script] lines raw with their line numbers; comments and blanks are dropped', () => {
    const p = read('[state]\n[p1_script]\n# wait\n  pass  \n\nPASS_UNTIL turn=3,phase=main2\n');
    expect(p.scripts[0]).toBeNull();
    expect(p.scripts[1]).toEqual([
      { line: 4, column: 3, text: 'pass' },
      { line: 6, column: 1, text: 'PASS_UNTIL turn=3,phase=main2' },
    ]);
  });
});

describe('assertions in a puzzle', () => {
  it("written assertions come first, then the goal's, each with its line", () => {
    const p = read('[metadata]\nGoal:Win\nTurns:2\n[state]\n[assertions]\nopponent life le 0\n');
    expect(p.assertions.map((a) => [a.text, a.origin, a.line])).toEqual([
      ['opponent life le 0', 'written', 6],
      ['game won', 'goal', 2],
      ['turn le 2', 'goal', 2],
    ]);
  });

  it('a bad assertion line is an error at its column; the others are kept', () => {
    const p = read('[state]\n[assertions]\nlife eq 20\n  opponent lfe eq 3\ngame won\n');
    expect(p.diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([['puzzle/assertion-syntax', 4, 12]]);
    expect(p.assertions.map((a) => a.text)).toEqual(['life eq 20', 'game won']);
  });
});

describe('files', () => {
  it('reads a fixture from disk like its text', () => {
    const path = join(FIXTURES, 'deepscry-dialect.pzl');
    const p = readPuzzleFile(path, registry);
    expect(p.file).toBe(path);
    expect(puzzleErrors(p)).toEqual([]);
    expect(p.name).toBe('DeepScry dialect');
  });

  it('a missing file is a cannot-read diagnostic, not an exception', () => {
    const p = readPuzzleFile(join(FIXTURES, 'no-such.pzl'), registry);
    expect(p.diagnostics.map((d) => d.code)).toEqual(['puzzle/cannot-read']);
    expect(p.name).toBe('no-such');
  });

  it('refuses a file over the size limit without reading it', () => {
    const p = read(`[state]\n${'#'.repeat(MAX_PUZZLE_CHARS)}`);
    expect(p.diagnostics.map((d) => d.code)).toEqual(['puzzle/too-large']);
  });

  it('the name falls back to the file name', () => {
    expect(read('[state]\n', 'dir/my_puzzle.pzl').name).toBe('my_puzzle');
  });
});

describe('never throws', () => {
  // Puzzle-shaped text: headers, keys and card entries from the format, mixed with noise.
  const fragment = fc.oneof(
    fc.constantFrom('[metadata]', '[state]', '[assertions]', '[p0_script]', '[STATE]', '[', ']', '[x'),
    fc.constantFrom(
      'Name:',
      'Goal:',
      'Turns:',
      'turn=',
      'activephase=',
      'activeplayer=',
      'p0life=',
      'humanhand=',
      'p1battlefield=',
      'aiprecast=',
      'Targets:',
      'abilityx=',
    ),
    fc.constantFrom(
      'Grizzly Bears',
      'Shock',
      '|Tapped',
      '|Id:1',
      '|Attaching:1',
      '|Counters:P1P1=2',
      '|Counters:',
      't:X,P:1',
      'T:',
      ';',
      '->',
      ':',
      '=',
      '|',
      'Win',
      'game won',
      'life eq',
      '-1',
      '99999999999999999999',
    ),
    fc.string({ maxLength: 12 }),
  );
  const text = fc
    .array(fc.tuple(fragment, fc.constantFrom('', ' ', '\n', '\r\n', ';', '|')), { maxLength: 40 })
    .map((parts) => parts.map(([a, b]) => a + b).join(''));

  it('reads any text without throwing; every diagnostic points inside the file', () => {
    fc.assert(
      fc.property(text, (t) => {
        const p = read(t);
        const lines = t.split(/\r\n|\n|\r/).length;
        for (const d of p.diagnostics) {
          expect(d.line).toBeGreaterThanOrEqual(1);
          expect(d.line).toBeLessThanOrEqual(lines);
          expect(d.column).toBeGreaterThanOrEqual(1);
        }
        // A puzzle is plain JSON.
        expect(JSON.parse(JSON.stringify(p))).toEqual(p);
      }),
      { numRuns: 300 },
    );
  });
});
