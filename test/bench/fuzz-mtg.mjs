// `npm run fuzz`: the long sweep of random-vs-random games across the whole DeepScry deck corpus,
// on the built package. Every game runs in strict mode (zones checked against the table at every
// decision). An engine exception or invariant violation is printed with what reproduces it (the
// seeds, the decks and the choices) and makes the exit code 1. The test suite runs a 30-game
// slice of this (test/mtg/engine/corpus.test.ts).
//   node test/bench/fuzz-mtg.mjs [--games N | --seconds S] [--decks championship/1994,old_school] [--max-turns T] [--seed PREFIX]
// With --replicated (issue 15, docs/mtg/network.md) each game is a golden and two shadows
// (runReplicated), and the sweep is every ordered pair of the chosen decks (default the 1994–1995
// championship decks) for each controller kind (random, zero, heuristic, fixed): a desync is a
// failure, printed with the command that reproduces it. Every sync entry is scanned for the names
// of faces its seat may not see (a leak is a failure), and the golden's `--tag-gamelogs` lines must
// equal those of the same game played by one engine alone, each shadow's those the golden writes
// for its seat. --mixed plays every pair of kinds (random vs heuristic, ...), not only like pairs.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { createGame, hiddenFaces, randomController, runGame, runReplicated, scanForLeaks } from '../../dist/mtg/engine/index.js';
import { createController, paint } from '../../dist/mtg/controllers/index.js';
import { GameLog } from '../../dist/mtg/cli/log.js';
import { corpusRegistry, decks as readDecks, repo } from './mtg-corpus.mjs';

const { values } = parseArgs({
  options: {
    games: { type: 'string' },
    seconds: { type: 'string' },
    decks: { type: 'string' },
    'max-turns': { type: 'string' },
    seed: { type: 'string' },
    replicated: { type: 'boolean' },
    kinds: { type: 'string' },
    mixed: { type: 'boolean' },
  },
});
if (values.games && values.seconds) {
  console.error('fuzz: give --games or --seconds, not both');
  process.exit(2);
}
const registry = corpusRegistry();
if (!registry) {
  console.log('fuzz skipped: no Forge corpus (../shared/forge/cardsfolder.tar.gz)');
  process.exit(0);
}
const decks = readDecks(registry, values.decks ? values.decks.split(',') : values.replicated ? ['championship/1994', 'championship/1995'] : ['']);
if (decks.length < 2) {
  console.log('fuzz skipped: no decks (../shared/deepscry/decks.tar.gz)');
  process.exit(0);
}
const games = values.seconds ? Infinity : Number(values.games ?? 2000);
const deadline = values.seconds ? performance.now() + 1000 * Number(values.seconds) : Infinity;
const maxTurns = Number(values['max-turns'] ?? 80);
const prefix = values.seed ?? 'fuzz';
console.log(`fuzz: ${decks.length} decks, ${Number.isFinite(games) ? `${games} games` : `${values.seconds} s`}, max ${maxTurns} turns`);

if (values.replicated) {
  const kinds = (values.kinds ?? 'random,zero,heuristic,fixed').split(',');
  const pairs = values.mixed ? kinds.flatMap((a) => kinds.map((b) => [a, b])) : kinds.map((k) => [k, k]);
  const spec = (kind, seed) => (kind === 'fixed' ? { kind, script: 'keep; *; pass' } : { kind, seed });
  const logLines = (game, viewer) => {
    const lines = [];
    new GameLog({ verbosity: 2, tag: true, paint: paint(false), viewer, write: (l) => lines.push(l) }).flush(game);
    return lines;
  };
  const start = performance.now();
  let played = 0;
  let decisions = 0;
  let entries = 0;
  let checks = 0;
  let scanned = 0;
  const failed = [];
  console.log(
    `fuzz --replicated: ${decks.length} decks, every ordered pair, controller pairs ${pairs.map((p) => p.join('/')).join(', ')}, max ${maxTurns} turns`,
  );
  for (const [ka, kb] of pairs)
    for (let i = 0; i < decks.length; i++)
      for (let j = 0; j < decks.length; j++) {
        if (i === j || played >= games || performance.now() > deadline) continue;
        const kind = ka === kb ? ka : `${ka}-${kb}`;
        const seed = `${prefix}-${kind}-${i}-${j}`;
        const controllers = () => [createController(spec(ka, `${seed}/p1`), { registry }), createController(spec(kb, `${seed}/p2`), { registry })];
        const reproduce = `node test/bench/fuzz-mtg.mjs --replicated --kinds ${ka === kb ? ka : `${ka},${kb} --mixed`} --decks ${values.decks ?? 'championship/1994,championship/1995'} --max-turns ${maxTurns} --seed ${prefix} (game ${seed}: ${decks[i].file} vs ${decks[j].file})`;
        const config = { registry, decks: [decks[i].main, decks[j].main], seed, strict: true };
        const problems = [];
        try {
          const r = runReplicated(config, controllers(), {
            maxTurns,
            maxChoices: 20000,
            reproduce,
            onEntry: (seat, entry, golden) => {
              // A reveal names the one face it shows; nothing else may name a face the seat cannot see.
              const value = entry.type === 'reveal' ? { ...entry, name: undefined } : entry;
              if (entry.type === 'reveal' && entry.name !== golden.state.objects[entry.card].card) problems.push(`reveal of ${entry.card} names another face`);
              for (const leak of scanForLeaks(value, hiddenFaces(golden, seat))) problems.push(`leak to p${seat + 1} at ${leak.path}: ${leak.name}`);
              scanned++;
            },
          });
          decisions += r.decisions;
          entries += r.entries[0] + r.entries[1];
          checks += r.hashChecks;
          const alone = createGame(config);
          runGame(alone, controllers(), { maxTurns, maxChoices: 20000 });
          if (logLines(r.golden, null).join('\n') !== logLines(alone, null).join('\n')) problems.push('the golden log differs from the game played alone');
          for (const seat of [0, 1])
            if (logLines(r.shadows[seat], seat).join('\n') !== logLines(r.golden, seat).join('\n')) problems.push(`p${seat + 1}'s shadow writes another log`);
        } catch (error) {
          problems.push(`${error.code ?? ''} ${String(error.message).slice(0, 400)}`);
        }
        if (problems.length > 0) {
          failed.push(seed);
          console.log(`FAIL ${seed} ${decks[i].name} vs ${decks[j].name}: ${problems.slice(0, 3).join('; ')} — ${reproduce}`);
        }
        played++;
      }
  const ms = performance.now() - start;
  console.log(
    `${played} replicated games in ${(ms / 1000).toFixed(1)} s: ${decisions} decisions, ${entries} sync entries (${scanned} scanned for leaks), ${checks} hash checks; games with a desync, a leak, a log difference or an error: ${failed.length}`,
  );
  process.exit(failed.length > 0 ? 1 : 0);
}

const start = performance.now();
const failures = [];
const unsupported = new Map();
let played = 0;
let finished = 0;
let choices = 0;
for (let i = 0; i < games && performance.now() < deadline; i++) {
  const a = decks[i % decks.length];
  const b = decks[(i * 31 + 7) % decks.length];
  const seed = `${prefix}-${i}`;
  let game;
  try {
    game = createGame({ registry, decks: [a.main, b.main], seed, strict: true });
    const r = runGame(game, [randomController(`${seed}/p1`), randomController(`${seed}/p2`)], { maxTurns, maxChoices: 20000 });
    if (r.reason === 'game-over') finished++;
    choices += r.choices;
    for (const u of game.unsupported) unsupported.set(u, (unsupported.get(u) ?? 0) + 1);
  } catch (error) {
    failures.push({
      seed,
      decks: [a.file, b.file],
      code: error.code ?? 'exception',
      message: String(error.message).slice(0, 300),
      choices: error.details?.choices ?? game?.choices ?? [],
    });
    console.log(`FAIL ${seed} ${a.name} vs ${b.name}: ${error.code ?? ''} ${String(error.message).slice(0, 200)}`);
  }
  played++;
  if (played % 100 === 0)
    process.stdout.write(`  ${played} games, ${failures.length} failures, ${((performance.now() - start) / played).toFixed(0)} ms/game\n`);
}
const ms = performance.now() - start;
console.log(
  `${played} games (${finished} to a result) in ${(ms / 1000).toFixed(1)} s: ${(played / (ms / 1000)).toFixed(1)} games/s, ${(choices / (ms / 1000)).toFixed(0)} choices/s`,
);
console.log(`failures: ${failures.length}`);
if (unsupported.size > 0) {
  const top = [...unsupported]
    .sort((x, y) => y[1] - x[1])
    .slice(0, 15)
    .map(([k, n]) => `${k} (${n} games)`);
  console.log(`script features met but not implemented: ${top.join(', ')}`);
}
if (failures.length > 0) {
  const file = `${repo}.scratch/fuzz-failures.json`;
  try {
    writeFileSync(file, JSON.stringify(failures, null, 2));
    console.log(`reproducers: ${file}`);
  } catch {
    console.log(JSON.stringify(failures.slice(0, 3)));
  }
  process.exit(1);
}
