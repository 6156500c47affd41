// `npm run net:sweep`: the whole local-vs-network equivalence set of issue 16, over real processes
// on 127.0.0.1 (test/mtg/net/equivalence.test.ts plays a slice of it). Every ordered pair of the
// 1994–1995 championship decks, for every controller kind (each seat the same kind: random, zero,
// heuristic, fixed with a script, tui with piped input), on one `mtg server --seed S
// --network-debug --audit-leaks`, several games at once: both `mtg connect` clients' GAMELOG lines
// must equal `mtg tui A B --seed S --seed-p1 N1 --seed-p2 N2 --p1 X --p2 Y --tag-gamelogs`, and
// the server's stats must end with 0 desyncs, 0 errors, 0 leaks. A difference, an exit code other
// than 0, or a bad stats line makes the exit code 1, with what reproduces it.
//   node test/bench/net-sweep.mjs [--kinds random,zero,heuristic,fixed,tui] [--parallel N] [--seed S] [--games N]
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { run as tui } from '../../dist/mtg/cli/tui.js';
import { corpusRegistry, decks as readDecks, repo } from './mtg-corpus.mjs';

const { values } = parseArgs({
  options: { kinds: { type: 'string' }, parallel: { type: 'string' }, seed: { type: 'string' }, games: { type: 'string' } },
});
const registry = corpusRegistry();
if (!registry) {
  console.log('net:sweep skipped: no Forge corpus (../shared/forge/cardsfolder.tar.gz)');
  process.exit(0);
}
const decks = readDecks(registry, ['championship/1994', 'championship/1995']);
if (decks.length < 2) {
  console.log('net:sweep skipped: no decks (../shared/deepscry/decks.tar.gz)');
  process.exit(0);
}
const CLI = join(repo, 'dist/mtg/cli.js');
const CARDS = join(repo, '.cards');
const FIXED = 'keep; *; pass';
const TUI_INPUT = 'why\n0\n'.repeat(3000);
const seed = values.seed ?? '16';
const parallel = Number(values.parallel ?? 2);
const kinds = (values.kinds ?? 'random,zero,heuristic,fixed,tui').split(',');

/** A spawned `mtg` process: its stdout and stderr lines, a waiter for a stderr line, its exit. */
function mtg(args, input) {
  const proc = spawn(process.execPath, [CLI, ...args], { cwd: repo, stdio: ['pipe', 'pipe', 'pipe'] });
  const out = { stdout: '', stderr: '', waiters: [] };
  proc.stdout.setEncoding('utf8').on('data', (c) => (out.stdout += c));
  proc.stderr.setEncoding('utf8').on('data', (c) => {
    out.stderr += c;
    out.waiters = out.waiters.filter((w) => !(w.re.test(out.stderr) && (w.resolve(), true)));
  });
  if (input) proc.stdin.write(input);
  proc.stdin.end();
  out.exited = new Promise((resolve) => proc.on('close', (code) => resolve(code)));
  out.waitFor = (re) => (re.test(out.stderr) ? Promise.resolve() : new Promise((resolve) => out.waiters.push({ re, resolve })));
  out.proc = proc;
  return out;
}

const gamelog = (text) => text.split('\n').flatMap((l) => (l.includes('[GAMELOG ') ? [l.slice(l.indexOf('[GAMELOG '))] : []));

async function local(a, b) {
  const args = [
    a.deck,
    b.deck,
    '--seed',
    seed,
    '--seed-p1',
    String(a.seed),
    '--seed-p2',
    String(b.seed),
    '--p1',
    a.kind,
    '--p2',
    b.kind,
    '--tag-gamelogs',
    '--cards',
    CARDS,
  ];
  if (a.kind === 'fixed') args.push('--p1-fixed-inputs', FIXED);
  if (b.kind === 'fixed') args.push('--p2-fixed-inputs', FIXED);
  if (a.kind === 'tui' || b.kind === 'tui') {
    const p = mtg(['tui', ...args], TUI_INPUT);
    const code = await p.exited;
    return { code, lines: gamelog(p.stdout), err: p.stderr };
  }
  let out = '';
  let err = '';
  const code = await tui(args, { stdout: { write: (t) => (out += t) }, stderr: { write: (t) => (err += t) }, cwd: repo });
  return { code, lines: gamelog(out), err };
}

async function network(address, game, a, b) {
  const start = (s, name) => {
    const args = [
      'connect',
      s.deck,
      '--server',
      address,
      '--name',
      name,
      '--game',
      game,
      '--p',
      s.kind,
      '--seed-controller',
      String(s.seed),
      '--tag-gamelogs',
      '--cards',
      CARDS,
    ];
    if (s.kind === 'fixed') args.push('--fixed-inputs', FIXED);
    return mtg(args, s.kind === 'tui' ? TUI_INPUT : undefined);
  };
  const pa = start(a, `${game}-a`);
  await pa.waitFor(/joined game .* as p1/);
  const pb = start(b, `${game}-b`);
  const codes = await Promise.all([pa.exited, pb.exited]);
  return { codes, lines: [gamelog(pa.stdout), gamelog(pb.stdout)], err: [pa.stderr, pb.stderr] };
}

const server = mtg(['server', '--port', '0', '--bind', '127.0.0.1', '--seed', seed, '--network-debug', '--audit-leaks', '--cards', CARDS]);
await server.waitFor(/listening on /);
const address = /listening on (\S+:\d+)/.exec(server.stderr)[1];

const games = [];
for (const kind of kinds)
  for (let i = 0; i < decks.length; i++)
    for (let j = 0; j < decks.length; j++) {
      if (i === j) continue;
      const n = games.length;
      games.push({ name: `${kind}-${i}-${j}`, a: { deck: decks[i].file, kind, seed: 1000 + n }, b: { deck: decks[j].file, kind, seed: 2000 + n } });
    }
if (values.games) games.splice(Number(values.games));
console.log(
  `net:sweep: ${games.length} games (${decks.length} decks, every ordered pair, kinds ${kinds.join(', ')}), ${parallel} at a time, server seed ${seed}`,
);

const t0 = performance.now();
const failed = [];
let played = 0;
const queue = [...games];
// SIGINT or SIGTERM sent to this script alone (a time budget: `timeout -s INT 3600 node
// test/bench/net-sweep.mjs`): no new games; the games in play finish, then the summary and the
// server's stats are printed as at the end. (Ctrl-C at a terminal signals the clients too.)
let stopped = false;
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    if (!stopped) console.log(`net:sweep: ${signal}: finishing the games in play, then the summary`);
    stopped = true;
    queue.length = 0;
  });
const worker = async () => {
  for (let g = queue.shift(); g; g = queue.shift()) {
    const [net, loc] = await Promise.all([network(address, g.name, g.a, g.b), local(g.a, g.b)]);
    const reproduce = `mtg tui ${g.a.deck} ${g.b.deck} --seed ${seed} --seed-p1 ${g.a.seed} --seed-p2 ${g.b.seed} --p1 ${g.a.kind} --p2 ${g.b.kind} --tag-gamelogs --cards .cards`;
    const problems = [];
    if (loc.code !== 0) problems.push(`the local game exited ${loc.code}: ${loc.err.trim()}`);
    for (const s of [0, 1]) {
      if (net.codes[s] !== 0) problems.push(`p${s + 1}'s client exited ${net.codes[s]}: ${net.err[s].trim().split('\n').slice(-2).join(' / ')}`);
      const k = net.lines[s].findIndex((l, x) => l !== loc.lines[x]);
      if (k >= 0 || net.lines[s].length !== loc.lines.length)
        problems.push(
          `p${s + 1}'s GAMELOG differs at line ${k < 0 ? Math.min(net.lines[s].length, loc.lines.length) : k}: ${JSON.stringify(net.lines[s][k])} vs ${JSON.stringify(loc.lines[k])}`,
        );
    }
    played++;
    if (problems.length) {
      failed.push(g.name);
      console.log(`FAIL ${g.name}: ${problems.join('; ')}\n  local: ${reproduce}`);
    }
    if (played % 20 === 0)
      console.log(`net:sweep: ${played}/${games.length} games, ${failed.length} failed, ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
};
await Promise.all(Array.from({ length: parallel }, worker));
server.proc.kill('SIGTERM');
await server.exited;
const stats = server.stderr.split('\n').find((l) => / stats games=/.test(l)) ?? '(no stats line)';
// Every game dispatched is played to its end, also after a stop signal.
const clean = new RegExp(`stats games=${played} finished=${played} desyncs=0 errors=0 frames=\\d+ leaks=0 `).test(stats);
const seconds = (performance.now() - t0) / 1000;
console.log(
  `net:sweep: ${played}${stopped ? ` of ${games.length}` : ''} games in ${seconds.toFixed(0)} s (${((played * 60) / seconds).toFixed(1)} games/min), ${failed.length} failed; ${stats}`,
);
if (failed.length || !clean) process.exit(1);
