// `npm run bench:cards`: how long the card compiler takes on the real corpus, from scratch and
// from the IR cache. It prints figures and asserts nothing. Runs on the built package (dist/),
// so run it through the npm script, which builds first.
//   node test/bench/cards.mjs [--from <cardsfolder.tar.gz|dir>] [--runs <n>]
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { compileDir, corpusDiagnostics, createCardRegistry, fetchCards, loadCachedCorpus, readLock, saveCorpus } from '../../dist/mtg/index.js';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const { values } = parseArgs({ options: { from: { type: 'string' }, runs: { type: 'string' } } });
const from = values.from ?? `${repo}../shared/forge/cardsfolder.tar.gz`;
const runs = Number(values.runs ?? 5);
const cardsDir = `${repo}.cards`;

if (!existsSync(from)) {
  console.log(`bench:cards skipped: no corpus at ${from} (pass --from <cardsfolder.tar.gz|dir>)`);
  process.exit(0);
}

function time(fn) {
  const start = performance.now();
  const value = fn();
  return { ms: performance.now() - start, value };
}

function summary(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  return `min ${sorted[0].toFixed(0)} ms, median ${median.toFixed(0)} ms over ${sorted.length} runs`;
}

const fetched = time(() => fetchCards({ from, cardsDir }));
console.log(
  `fetch: ${fetched.value.skipped ? 'already fetched' : `unpacked in ${fetched.ms.toFixed(0)} ms`} (${fetched.value.lock.files} scripts, ref ${fetched.value.lock.ref})`,
);

const lockSha256 = readLock(cardsDir)?.sha256 ?? null;
const compiles = [];
let corpus;
for (let i = 0; i < Math.max(1, Math.ceil(runs / 2)); i++) {
  const run = time(() => compileDir(cardsDir, { lockSha256 }));
  compiles.push(run.ms);
  corpus = run.value;
}
console.log(
  `compile from scratch: ${summary(compiles)} (${corpus.cards.length} cards, ${corpus.tokens.length} tokens, ${corpusDiagnostics(corpus).length} diagnostics)`,
);

const saved = time(() => saveCorpus(cardsDir, corpus));
console.log(`write IR cache: ${saved.ms.toFixed(0)} ms → ${saved.value} (${(statSync(saved.value).size / 1e6).toFixed(1)} MB gzipped)`);

const loads = [];
const registries = [];
for (let i = 0; i < runs; i++) {
  const load = time(() => loadCachedCorpus(cardsDir));
  if (!load.value) throw new Error('the cache just written was not loadable');
  loads.push(load.ms);
  registries.push(load.ms + time(() => createCardRegistry(load.value)).ms);
}
console.log(`load cached corpus: ${summary(loads)}`);
console.log(`load cached corpus + build registry: ${summary(registries)}`);
