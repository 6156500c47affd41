// The puzzle solver (src/mtg/search/solve.ts, docs/mtg/search.md "Solving puzzles"): our own
// puzzles with known lines (test/puzzles/search/, starter cards) are solved within a node budget,
// deterministically; a budget too small says so; a solved line replays to the goal from the
// command `mtg puzzle solve` prints (the CLI run in-process), and `mtg puzzle check --p0 search`
// solves the folder.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/mtg/cli.js';
import { compileScript, createCardRegistry } from '../../../src/mtg/cards/index.js';
import { puzzleFiles, readPuzzle, readPuzzleFile, runPuzzle, starterRegistry } from '../../../src/mtg/index.js';
import { compileStarterCards } from '../../../src/mtg/starter/index.js';
import { partPlan, solvePuzzle } from '../../../src/mtg/search/index.js';
import { FIXTURE_CARDS } from '../engine/fixtures/cards.js';
import { CARDS_DIR, CORPORA, CORPUS_DIR, REPO, needsCorpus } from '../../support/corpora.js';
import { extractPuzzles } from '../puzzles/support.js';
import { puzzleRegistry } from '../../../src/mtg/index.js';

const DIR = join(REPO, 'test', 'puzzles', 'search');
const registry = starterRegistry();
const budgetNodes = 3000;

/** Runs `mtg <args>` in this process from the repository's root. */
async function mtg(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, { stdout: { write: (c: string) => (stdout += c) }, stderr: { write: (c: string) => (stderr += c) }, cwd: REPO });
  return { code, stdout, stderr };
}

/** A POSIX shell line split into words (the quoting `mtg puzzle solve` prints: plain words and '...' with '\'' inside). */
function shellWords(line: string): string[] {
  const words: string[] = [];
  let word = '';
  let quoted = false;
  let started = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === "'") quoted = false;
      else word += c;
    } else if (c === "'") {
      quoted = true;
      started = true;
    } else if (c === '\\') {
      word += line[++i] ?? '';
      started = true;
    } else if (c === ' ') {
      if (started) words.push(word);
      word = '';
      started = false;
    } else {
      word += c;
      started = true;
    }
  }
  if (started) words.push(word);
  return words;
}

describe('solvePuzzle on our puzzles with known lines', () => {
  const files = puzzleFiles([DIR]);

  it('has a dozen of them', () => {
    expect(files.length).toBeGreaterThanOrEqual(12);
  });

  for (const file of files) {
    it(`solves ${file.slice(DIR.length + 1)} within ${budgetNodes} games, and the runner agrees`, () => {
      const puzzle = readPuzzleFile(file, registry);
      const r = solvePuzzle(puzzle, { registry, seed: 1, budgetNodes });
      expect(r.status, r.reasons.join('\n')).toBe('solved');
      expect(r.nodes).toBeLessThanOrEqual(budgetNodes);
      // The script is the line: the runner, with seat 0 fixed to it, meets the goal.
      const replay = runPuzzle({ ...puzzle, scripts: [[{ line: 0, column: 0, text: r.script! }], null] }, { registry, seed: 1 });
      expect(replay.status, replay.reasons.join('\n')).toBe('pass');
      expect(replay.goalMet).toBe(true);
    });
  }

  it('finds the lines the heuristic AI misses (the search, not its first playout)', () => {
    for (const name of ['jump-over-the-wall', 'pacify-the-blocker', 'survive-the-attack']) {
      const puzzle = readPuzzleFile(join(DIR, `${name}.pzl`), registry);
      expect(runPuzzle(puzzle, { registry, seed: 1 }).status, name).toBe('fail');
      const r = solvePuzzle(puzzle, { registry, seed: 1, budgetNodes });
      expect([r.status, r.method !== 'heuristic'], name).toEqual(['solved', true]);
    }
    const pacify = solvePuzzle(readPuzzleFile(join(DIR, 'pacify-the-blocker.pzl'), registry), { registry, seed: 1, budgetNodes });
    expect(pacify.script).toBe('cast Pacifism; target Giant Spider; attack Hill Giant');
    const survive = solvePuzzle(readPuzzleFile(join(DIR, 'survive-the-attack.pzl'), registry), { registry, seed: 1, budgetNodes });
    expect(survive.script).toBe('Wall of Wood blocks Hill Giant');
  });

  it('wins a counterspell war: our Counterspell answers the opponent’s', () => {
    const r = solvePuzzle(readPuzzleFile(join(DIR, 'counterspell-war.pzl'), registry), { registry, seed: 1, budgetNodes });
    expect(r.status).toBe('solved');
    expect(r.script).toMatch(/^cast Lava Axe; target p2; pass; cast Counterspell/);
    expect(r.replay?.outcome?.events?.filter((e) => e.kind === 'SpellCast').map((e) => `${e.seat}:${e.card}`)).toEqual([
      '0:Lava Axe',
      '1:Counterspell',
      '0:Counterspell',
    ]);
  });

  it('pays X: an X spell cast for exactly the opponent’s life (a fixture card)', () => {
    const { card } = compileScript('test_blast.txt', FIXTURE_CARDS['Test Blast']!.join('\n'));
    const withBlast = createCardRegistry({ cards: [...compileStarterCards().cards, card!], tokens: [] });
    const text = [
      '[metadata]',
      'Goal:Win',
      'Turns:1',
      '[state]',
      'activeplayer=p0',
      'activephase=MAIN1',
      'p0battlefield=Mountain;Mountain;Mountain;Mountain;Mountain',
      'p0hand=Test Blast',
      'p0library=Mountain;Mountain',
      'p1life=4',
      'p1library=Island;Island',
    ].join('\n');
    const r = solvePuzzle(readPuzzle(text, 'x-spell.pzl', withBlast), { registry: withBlast, seed: 1, budgetNodes });
    expect(r.status, r.reasons.join('\n')).toBe('solved');
    expect(r.line!.some((s) => s.kind === 'x')).toBe(true);
  });
});

describe('the budget', () => {
  const puzzle = readPuzzleFile(join(DIR, 'jump-over-the-wall.pzl'), registry);

  it('is deterministic: the same seed and node budget give the same answer, found or not', () => {
    const a = solvePuzzle(puzzle, { registry, seed: 1, budgetNodes });
    const b = solvePuzzle(puzzle, { registry, seed: 1, budgetNodes });
    expect([a.status, a.script, a.nodes, a.bound]).toEqual([b.status, b.script, b.nodes, b.bound]);
    const c = solvePuzzle(puzzle, { registry, seed: 1, budgetNodes: 7 });
    const d = solvePuzzle(puzzle, { registry, seed: 1, budgetNodes: 7 });
    const untimed = (reasons: string[]): string[] => reasons.map((x) => x.replace(/\d+ ms/, 'N ms'));
    expect([c.status, untimed(c.reasons), c.nodes]).toEqual([d.status, untimed(d.reasons), d.nodes]);
  });

  it('too small says so, with the games and time it had', () => {
    const r = solvePuzzle(puzzle, { registry, seed: 1, budgetNodes: 1 });
    expect(r.status).toBe('not-found');
    expect(r.reasons[0]).toMatch(/^no line found within the budget \(1 nodes, \d+ ms;/);
    expect(r.exhausted).toBe(false);
  });

  it('refuses a budget that is not one', () => {
    expect(() => solvePuzzle(puzzle, { registry, budgetNodes: -1 })).toThrow(expect.objectContaining({ code: 'search/bad-budget' }));
    for (const beam of [
      { width: 0, share: 0.5 },
      { width: 2.5, share: 0.5 },
      { width: 8, share: Number.NaN },
      { width: 8, share: 2 },
    ])
      expect(() => solvePuzzle(puzzle, { registry, budgetNodes: 100, beam })).toThrow(expect.objectContaining({ code: 'search/bad-budget' }));
  });

  it('says when no line exists at all: every line tried', () => {
    const text = ['[metadata]', 'Goal:Win', 'Turns:1', '[state]', 'p0battlefield=Mountain', 'p0library=Mountain', 'p1life=20', 'p1library=Island'].join('\n');
    const r = solvePuzzle(readPuzzle(text, 'hopeless.pzl', registry), { registry, seed: 1, budgetNodes });
    expect([r.status, r.exhausted, r.reasons]).toEqual(['not-found', true, ['no line meets the goal: every line was tried']]);
  });
});

describe('the rollout search, at half the budget', needsCorpus('cards', 'forge-puzzles'), () => {
  beforeAll(() => extractPuzzles(CORPORA['forge-puzzles'], CORPUS_DIR));
  // Possibility Storm's Hour of Devastation #05: deepening does not get there within 4,000 games;
  // the rollout search, its turn come at 2,000, meets it in a few dozen more: the heuristic's line
  // mended first by casting Reality Hemorrhage on a flyer.
  it('meets a puzzle deepening does not, deterministically', () => {
    const cards = puzzleRegistry(CARDS_DIR);
    const file = join(CORPUS_DIR, 'forge/forge-gui/res/puzzle/PS_HOU5.pzl');
    const a = solvePuzzle(readPuzzleFile(file, cards), { registry: cards, budgetNodes: 4000 });
    expect([a.status, a.method, a.replay?.goalMet], a.reasons.join('; ')).toEqual(['solved', 'rollout', true]);
    expect(a.nodes).toBeGreaterThan(2000);
    const b = solvePuzzle(readPuzzleFile(file, cards), { registry: cards, budgetNodes: 4000 });
    expect([b.script, b.nodes]).toEqual([a.script, a.nodes]);
  }, 120_000);

  // Perplexing Chimera's "Now You See It" (9 June 2015): neither deepening in 7,000 games nor the rollout
  // search meets it, but deepening again around the rollout's best line does, one discrepancy
  // from it (Brute Force on Necroskitter; the attack with everything is free on a last turn).
  it('then deepens around its best line, and meets what neither did', () => {
    const cards = puzzleRegistry(CARDS_DIR);
    const file = join(CORPUS_DIR, 'forge/forge-gui/res/puzzle/PC_060915.pzl');
    const r = solvePuzzle(readPuzzleFile(file, cards), { registry: cards, budgetNodes: 14000 });
    // One discrepancy from the rollout's line once the all-out attack is free too (two before it).
    expect([r.status, r.method, r.bound, r.replay?.goalMet], r.reasons.join('; ')).toEqual(['solved', 'discrepancies', 1, true]);
    expect(r.nodes).toBeGreaterThan(7000);
  }, 120_000);
});

describe('the nested rollout search, first (part 1 of a portfolio)', needsCorpus('cards', 'forge-puzzles'), () => {
  beforeAll(() => extractPuzzles(CORPORA['forge-puzzles'], CORPUS_DIR));
  // Possibility Storm's Aether Revolt #05: deepening meets it only at bound 3, after 66,848 games;
  // after the level-1 walks that miss it (some 2,900 games, one for each threat weight), the
  // nested rollout search (each option judged by a rollout walk of its own) finds Night Market
  // Lookout, crewing the Harvester with it, Fatal Push on the Servo and Deadlock Trap in some
  // 1,500 more.
  it('meets in its rollout part what deepening takes some 60,000 games for, deterministically', () => {
    const cards = puzzleRegistry(CARDS_DIR);
    const file = join(CORPUS_DIR, 'forge/forge-gui/res/puzzle/PS_AER5.pzl');
    const solve = (): ReturnType<typeof solvePuzzle> => solvePuzzle(readPuzzleFile(file, cards), { registry: cards, budgetNodes: 8000, ...partPlan(1, 2) });
    const a = solve();
    expect([a.status, a.method, a.replay?.goalMet], a.reasons.join('; ')).toEqual(['solved', 'rollout', true]);
    expect(a.nodes).toBeLessThan(5000);
    expect(a.script).toMatch(/cast Fatal Push; target Servo/);
    const b = solve();
    expect([b.script, b.nodes]).toEqual([a.script, a.nodes]);
  }, 120_000);
});

describe('the rollout walks that follow the attack set up (threatWeights)', needsCorpus('cards', 'forge-puzzles'), () => {
  beforeAll(() => extractPuzzles(CORPORA['forge-puzzles'], CORPUS_DIR));
  // Possibility Storm's Dominaria #05: Forebear's Blade and the moves around it add nothing to the
  // damage until the one attack that wins, so play-outs judged by their end alone find no way up.
  it('meets with the threat counted a puzzle the walks by the end alone miss', () => {
    const cards = puzzleRegistry(CARDS_DIR);
    const file = join(CORPUS_DIR, 'forge/forge-gui/res/puzzle/PS_DOM5.pzl');
    const solve = (weights: number[]): ReturnType<typeof solvePuzzle> =>
      solvePuzzle(readPuzzleFile(file, cards), { registry: cards, budgetNodes: 3000, ...partPlan(1, 2), threatWeights: weights });
    expect(solve([0]).status).toBe('not-found');
    const a = solve([1, 0.001]);
    expect([a.status, a.method, a.replay?.goalMet], a.reasons.join('; ')).toEqual(['solved', 'rollout', true]);
    expect(a.script).toMatch(/^cast Forebear's Blade/);
  }, 120_000);
});

describe('the beam walks (part 2 of a portfolio)', needsCorpus('cards', 'forge-puzzles'), () => {
  beforeAll(() => extractPuzzles(CORPORA['forge-puzzles'], CORPUS_DIR));
  // Perplexing Chimera's puzzle of 2015-11-10, for which no published line was found: neither the
  // nested rollout search (part 1) nor deepening meets it within 20,000 games. Keeping the eight
  // lines whose play-outs came furthest at each step, the beam finds one in some 13,000 games: in
  // the opponent's end step Encircling Fissure awakens a Mountain (a colourless creature) and
  // Barrage Tyrant flings it at Dominator Drone; on the next turn the Tyrant attacks and flings
  // another colourless creature at the opponent.
  it('meets a puzzle the rollout walks and deepening miss', () => {
    const cards = puzzleRegistry(CARDS_DIR);
    const file = join(CORPUS_DIR, 'forge/forge-gui/res/puzzle/PC_111015.pzl');
    const r = solvePuzzle(readPuzzleFile(file, cards), { registry: cards, budgetNodes: 20_000, ...partPlan(2, 3) });
    expect([r.status, r.method, r.replay?.goalMet], r.reasons.join('; ')).toEqual(['solved', 'beam', true]);
    expect(r.script).toMatch(/activate Barrage Tyrant; target p2$/);
  }, 120_000);
});

describe('the all-out attack on the last turn', needsCorpus('cards', 'forge-puzzles'), () => {
  beforeAll(() => extractPuzzles(CORPORA['forge-puzzles'], CORPUS_DIR));
  // Possibility Storm's Ixalan #02: Regisaur Alpha and Huatli's token, then everything but Drover
  // of the Mighty attacks, and Drover's mana pays for Dinosaur Stampede after the blocks. An
  // all-out attack that sent Drover too could not pay for the Stampede.
  it('keeps a creature that makes mana home, for the trick after blockers', () => {
    const cards = puzzleRegistry(CARDS_DIR);
    const file = join(CORPUS_DIR, 'forge/forge-gui/res/puzzle/PS_XLN2.pzl');
    const r = solvePuzzle(readPuzzleFile(file, cards), { registry: cards, budgetNodes: 9000 });
    expect([r.status, r.replay?.goalMet], r.reasons.join('; ')).toEqual(['solved', true]);
    expect(r.script).toContain('cast Dinosaur Stampede');
    expect(r.script).not.toContain('attack Drover of the Mighty');
  }, 120_000);
});

describe('the portfolio on threads (threads.ts)', () => {
  it('gives each part a plan: the one-thread search, the nested rollout search first, the beam walks, and shares of the root beyond', () => {
    expect(partPlan(0, 1)).toEqual({});
    expect(partPlan(0, 2)).toEqual({});
    expect(partPlan(1, 2)).toEqual({ noHeuristicLine: true, rolloutAt: 0, rolloutShare: 0.75, rolloutLevel: 2, threatWeights: [1, 0.001] });
    const beam = { noHeuristicLine: true, rolloutAt: 0, rolloutShare: 0.75, rolloutLevel: 1, threatWeights: [1, 0.001], beam: { width: 8, share: 0.5 } };
    expect(partPlan(0, 3)).toEqual({});
    expect(partPlan(2, 3)).toEqual(beam);
    expect(partPlan(0, 5)).toEqual({ share: { part: 0, of: 3 } });
    expect(partPlan(2, 5)).toEqual(beam);
    expect(partPlan(3, 5)).toEqual({ noHeuristicLine: true, rolloutAt: Infinity, share: { part: 1, of: 3 } });
    expect(partPlan(4, 5)).toEqual({ noHeuristicLine: true, rolloutAt: Infinity, share: { part: 2, of: 3 } });
  });

  it('checks a folder with each puzzle solved on two threads at once', async () => {
    const r = await mtg(['puzzle', 'check', 'test/puzzles/search', '--p0', 'search', '--budget-nodes', String(budgetNodes), '--search-threads', '2']);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const files = puzzleFiles([DIR]).length;
    expect(r.stdout).toContain(`${files} puzzles: ${files} passed`);
  }, 60_000);

  it('refuses --search-threads without the solver, or beside --threads', async () => {
    const no = await mtg(['puzzle', 'check', 'test/puzzles/search', '--search-threads', '2']);
    expect([no.code, no.stderr]).toEqual([2, "mtg puzzle check: --search-threads is the solver's: add --p0 search\n"]);
    const both = await mtg(['puzzle', 'check', 'test/puzzles/search', '--p0', 'search', '--search-threads', '2', '--threads', '2']);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/leave out --threads/);
    expect((await mtg(['puzzle', 'check', 'test/puzzles/search', '--p0', 'search', '--search-threads', '0'])).code).toBe(2);
  });
});

describe('mtg puzzle solve and mtg puzzle check --p0 search', () => {
  it('prints the line and a command that replays it to the goal', async () => {
    for (const name of ['pacify-the-blocker', 'counterspell-war', 'jump-over-the-wall']) {
      const file = `test/puzzles/search/${name}.pzl`;
      const solved = await mtg(['puzzle', 'solve', file, '--budget-nodes', String(budgetNodes), '--cards', 'starter']);
      expect(solved.code, solved.stderr).toBe(0);
      const replay = /^replay: (.*)$/m.exec(solved.stdout)?.[1];
      expect(replay, solved.stdout).toBeDefined();
      const [command, ...args] = shellWords(replay!);
      expect(command).toBe('mtg');
      const played = await mtg([...args, '--verbosity', '1']);
      expect(played.code, played.stdout + played.stderr).toBe(0);
      expect(played.stdout).toMatch(/Game over: p1 wins/);
      expect(played.stdout).toMatch(/assertions: \d+ passed, 0 failed/);
    }
  });

  it('quotes a script holding an apostrophe so the shell gives it back whole', () => {
    expect(shellWords("mtg tui --p1-fixed-inputs 'cast Man-o'\\''-War; target p2'")).toEqual(['mtg', 'tui', '--p1-fixed-inputs', "cast Man-o'-War; target p2"]);
  });

  it('says cleanly when the budget is too small (exit code 1, no stack trace)', async () => {
    const r = await mtg(['puzzle', 'solve', 'test/puzzles/search/jump-over-the-wall.pzl', '--budget-nodes', '1', '--cards', 'starter']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^not solved: Jump over the wall/);
    expect(r.stdout).toMatch(/no line found within the budget \(1 nodes/);
    expect(r.stdout + r.stderr).not.toMatch(/\n\s+at /);
  });

  it('refuses bad usage with exit code 2', async () => {
    expect((await mtg(['puzzle', 'solve'])).code).toBe(2);
    expect((await mtg(['puzzle', 'solve', 'test/puzzles/search/ping.pzl', '--budget-nodes', 'lots'])).code).toBe(2);
    expect((await mtg(['puzzle', 'check', 'test/puzzles/search', '--p0', 'random'])).code).toBe(2);
    expect((await mtg(['puzzle', 'check', 'test/puzzles/search', '--budget-ms', '10'])).code).toBe(2);
  });

  it('gives the same line on two threads as asked twice, under a node budget', async () => {
    const args = ['puzzle', 'solve', 'test/puzzles/search/two-turns.pzl', '--budget-nodes', String(budgetNodes), '--threads', '2', '--cards', 'starter'];
    const a = await mtg(args);
    const b = await mtg(args);
    expect(a.code, a.stdout + a.stderr).toBe(0);
    const script = (s: string): string | undefined => /^p1 script: (.*)$/m.exec(s)?.[1];
    expect(script(a.stdout)).toBe(script(b.stdout));
  }, 60_000);

  it('checks a folder with the solver in seat 0: every puzzle passes, each line replayed by the runner', async () => {
    const r = await mtg(['puzzle', 'check', 'test/puzzles/search', '--p0', 'search', '--budget-nodes', String(budgetNodes)]);
    expect(r.code, r.stdout).toBe(0);
    const files = puzzleFiles([DIR]).length;
    expect(r.stdout).toContain(`${files} puzzles: ${files} passed`);
    expect(r.stdout).toMatch(/^search: \d+ games in/m);
  }, 60_000);
});

describe('the puzzle files', () => {
  it('each says its known line in its description', () => {
    for (const file of puzzleFiles([DIR])) expect(readFileSync(file, 'utf8'), file).toMatch(/Known line: /);
  });
});
