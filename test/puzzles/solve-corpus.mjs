#!/usr/bin/env node
// The puzzle solver over the shared corpora (npm run puzzles:solve-corpus): every puzzle of
// .corpus/ (Forge's and DeepScry's, unpacked by the corpus tests or `tar xzf`) solved with seat 0
// played by the search (`mtg puzzle check --p0 search`), each line replayed by the runner; the
// heuristic AI's figures beside it; and the baseline (test/mtg/puzzles/search-baseline.json,
// the puzzles solved, each with the games its line took) held: a baseline puzzle the timed run
// missed is solved again with a node budget (twice its games, at least 2000: deterministic, so a
// busy machine cannot fail it), and the script exits 1 when one is still not solved.
//
//   npm run puzzles:solve-corpus                 # --budget-ms 10000 --threads 2
//   node test/puzzles/solve-corpus.mjs --update  # also adds the newly solved to the baseline
//   node test/puzzles/solve-corpus.mjs --budget-ms 3000 --only forge
//   node test/puzzles/solve-corpus.mjs --search-threads 2   # each puzzle on 2 threads (a portfolio), one at a time
//
// A puzzle met on threads is added to the baseline with the part that met it and a node budget
// within which that part, alone and deterministic, meets it again (found by trying twice and four
// times its games); one that no such budget reproduces is named and not added.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { checkBySearchOnThreads, checkPuzzles, partPlan, puzzleFiles, puzzleRegistry, readPuzzleFile, solvePuzzle, summarise } from '../../dist/mtg/index.js';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const CORPUS = join(REPO, '.corpus');
const CARDS = join(REPO, '.cards');
const BASELINE = join(REPO, 'test/mtg/puzzles/search-baseline.json');
const CORPORA = { forge: join(CORPUS, 'forge'), deepscry: join(CORPUS, 'deepscry') };

const { values } = parseArgs({
  options: {
    'budget-ms': { type: 'string', default: '10000' },
    threads: { type: 'string', default: '2' },
    'search-threads': { type: 'string', default: '1' },
    only: { type: 'string' },
    update: { type: 'boolean', default: false },
  },
});
const budgetMs = Number(values['budget-ms']);
const threads = Number(values.threads);
const searchThreads = Number(values['search-threads']);
for (const dir of [...Object.values(CORPORA), join(CARDS, 'cardsfolder')]) {
  if (!existsSync(dir)) {
    console.error(`solve-corpus: ${dir} is missing (unpack ../shared's puzzles into .corpus/ and fetch the cards into .cards/)`);
    process.exit(2);
  }
}
const baseline = existsSync(BASELINE) ? JSON.parse(readFileSync(BASELINE, 'utf8')) : { solved: {} };
const started = new Date();
console.log(`solve-corpus: --budget-ms ${budgetMs} ${searchThreads > 1 ? `--search-threads ${searchThreads}` : `--threads ${threads}`}, ${started.toISOString()}, load ${loadavg().map((x) => x.toFixed(1)).join(' ')} on ${cpus().length} cores`);

const solvedNow = {};
const rows = [];
for (const [name, dir] of Object.entries(CORPORA)) {
  if (values.only && values.only !== name) continue;
  const files = puzzleFiles([dir]);
  const heuristicResults = await checkPuzzles(files, { threads, cardsDir: CARDS });
  const heuristic = summarise(heuristicResults);
  const t0 = performance.now();
  const results =
    searchThreads > 1
      ? await checkBySearchOnThreads(files, { threads: searchThreads, cardsDir: CARDS, search: { budgetMs } })
      : await checkPuzzles(files, { threads, cardsDir: CARDS, search: { budgetMs } });
  const seconds = (performance.now() - t0) / 1000;
  const s = summarise(results);
  const nodes = results.reduce((n, r) => n + (r.search?.nodes ?? 0), 0);
  // A threaded solve reports its wall time and every thread's games.
  const ms = results.reduce((n, r) => n + (r.search?.ms ?? 0), 0);
  for (const r of results) if (r.status === 'pass' && r.search) solvedNow[relative(CORPUS, r.file)] = r.search.thread ?? r.search.nodes;
  // A puzzle the runner plays that the search could not (an engine error met on the way, or a
  // line that did not replay) is named: it is a bug, not a budget.
  results.forEach((r, i) => {
    if (heuristicResults[i].ran && !r.ran) console.log(`  ${relative(CORPUS, r.file)}: ${r.status}: ${r.reasons[0] ?? ''}`);
  });
  // A search that tried every line and met the goal with none proves the puzzle has no line (for
  // seat 0 against seat 1's fixed play): the share of such puzzles bounds what any solver can meet.
  const noLine = results.filter((r) => r.reasons.some((why) => why.includes('every line was tried'))).length;
  rows.push({ name, files: files.length, ran: s.ran, withGoal: s.withGoal, heuristic: heuristic.goalMet, search: s.goalMet, passed: s.byStatus.pass, noLine });
  console.log(
    `${name}: ${files.length} files, ${s.ran} ran, goal met ${s.goalMet} of ${s.withGoal} by the search (${heuristic.goalMet} by the heuristic AI); ` +
      `${s.byStatus.pass} pass every assertion; ${noLine} proven to have no line; ${nodes} games, ${(nodes / Math.max(1, ms / 1000) / searchThreads).toFixed(0)} games/s per thread, ${seconds.toFixed(0)} s`,
  );
}

// The baseline: each puzzle solved before must be solved now, with a node budget when the timed run missed it.
const registry = puzzleRegistry(CARDS);
const lost = [];
/** A baseline entry's re-check: within twice its games, or as the part of a threaded solve that met it, within its budget. */
const recheck = (entry) =>
  typeof entry === 'number' ? { budgetNodes: Math.max(2000, 2 * entry) } : { budgetNodes: entry.nodes, ...partPlan(entry.part, entry.of) };
const solveAs = (path, entry) => solvePuzzle(readPuzzleFile(path, registry), { registry, ...recheck(entry) });
// What a threaded solve met (its part and that part's games, in a timed run) becomes an entry
// once a node budget reproduces it: the part alone, deterministic, within 2 or 4 times its games.
for (const [file, met] of Object.entries(solvedNow)) {
  if (typeof met === 'number') continue;
  if (file in baseline.solved) {
    solvedNow[file] = baseline.solved[file]; // already listed, with a re-check that holds
    continue;
  }
  const entry = [2, 4].map((k) => ({ nodes: Math.max(2000, k * met.nodes), part: met.part, of: met.of })).find((e) => solveAs(join(CORPUS, file), e).status === 'solved');
  if (entry) solvedNow[file] = entry;
  else {
    console.log(`  ${file}: met by part ${met.part} of ${met.of} in ${met.nodes} games, not again within 4 times its games alone: not added`);
    delete solvedNow[file];
  }
}
for (const [file, entry] of Object.entries(baseline.solved)) {
  if (values.only && !file.startsWith(`${values.only}/`)) continue;
  if (file in solvedNow) continue;
  const path = join(CORPUS, file);
  const r = existsSync(path) ? solveAs(path, entry) : null;
  if (r?.status === 'solved') solvedNow[file] = typeof entry === 'number' ? r.nodes : entry;
  else lost.push(`${file} (${r ? r.reasons[0] : 'file missing'})`);
}
const added = Object.keys(solvedNow).filter((f) => !(f in baseline.solved));
console.log(`baseline: ${Object.keys(baseline.solved).length} puzzles, ${lost.length} no longer solved; ${added.length} solved now that it does not list`);
for (const f of lost) console.log(`  LOST ${f}`);
if (values.update) {
  const solved = Object.fromEntries(Object.entries({ ...baseline.solved, ...solvedNow }).sort(([a], [b]) => (a < b ? -1 : 1)));
  writeFileSync(BASELINE, `${JSON.stringify({ note: 'puzzles of .corpus/ the solver meets, with the games its line took (npm run puzzles:solve-corpus)', solved }, null, 2)}\n`);
  console.log(`baseline: written, ${Object.keys(solved).length} puzzles`);
}
process.exitCode = lost.length > 0 ? 1 : 0;
