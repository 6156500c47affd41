// `npm run bench:shared`: what shared claims cost. A benchmark, not a test: it prints figures and
// asserts nothing (it does say when a target is missed). Runs on the built package (dist/), so run
// it through the npm script, which builds first.
//
// 1. In memory: the time of one deal over a 10,000-card box with shared cards, through the
//    synchronous engine (no store abstraction: the store is called in place) and through the async
//    engine over the same in-memory store (`asyncClaimStore`: promises, per-flow lanes). Target:
//    async / sync <= 1.05. Rounds alternate between the two, each from the same snapshot, and the
//    median of the per-round ratios decides. With BASELINE_DIST=<another build's dist> it also
//    times that build's synchronous deal, to compare the runtime before and after a change.
// 2. Through Redis: deals per second with 1 and with 4 processes (redis-server started on a free
//    loopback port in a temporary directory, like the tests), each process dealing for a few seconds
//    (after half a second of warming up) with 16 flows at once, and each deal's latency.
//
//   node test/bench/shared.mjs [--seconds <n>] [--rounds <n>]
import { fork, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { generateContent } from './generate.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const { values } = parseArgs({ options: { seconds: { type: 'string' }, rounds: { type: 'string' }, worker: { type: 'string' } } });

if (values.worker) {
  // A worker whose bench went away (Ctrl-C, a closed pipe) goes too.
  process.once('disconnect', () => process.exit(1));
  await redisWorker(JSON.parse(values.worker));
} else {
  await main();
}

async function main() {
  const { publish, createEngine, MemoryClaimStore, asyncClaimStore } = await import('../../dist/node.js').then(async (m) => ({
    ...m,
    // The lead wires these into the public entry; until then they come from the runtime entry.
    ...(await import('../../dist/runtime/index.js')),
  }));
  const rounds = Number(values.rounds ?? 31);
  const dir = mkdtempSync(join(tmpdir(), 'se-bench-shared-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  try {
    const big = await publishShared(publish, join(dir, 'big'), 10_000);
    console.log(
      `in memory: one deal over a ${big.cards.length}-card box, ${big.cards.filter((c) => c.shared).length} cards shared; ${rounds} rounds of 120 deals, alternating` +
        (globalThis.gc ? '' : ' (run node with --expose-gc for steadier figures)'),
    );
    const sync = [];
    const async = [];
    const baseline = [];
    const base = process.env.BASELINE_DIST ? await import(join(process.env.BASELINE_DIST, 'runtime', 'index.js')) : null;
    // One engine per way, made once (making one allocates enough to put GC pauses into whatever is
    // timed next); every round starts from the same snapshot.
    const ways = [
      [sync, await rounder(createEngine(big, { seed: 'bench', claims: new MemoryClaimStore() }), false)],
      [async, await rounder(createEngine(big, { seed: 'bench', claims: asyncClaimStore(new MemoryClaimStore()) }), true)],
      ...(base ? [[baseline, await rounder(base.createEngine(big, { seed: 'bench', claims: new base.MemoryClaimStore() }), false)]] : []),
    ];
    for (let r = 0; r < rounds + 3; r++) {
      for (const [into, round] of ways) {
        const result = await round();
        if (r >= 3) into.push(result); // the first rounds warm the JIT up
      }
    }
    const s = median(sync.map((x) => x.mean));
    const a = median(async.map((x) => x.mean));
    // Each round of one way runs right after the same round of the other: their ratio cancels the
    // machine's drift, and the median ratio ignores the rounds a GC pause or a neighbour spoiled.
    const ratio = median(async.map((x, i) => x.mean / sync[i].mean));
    console.log(`  sync flow.deal (no store abstraction)     ${us(s)} per deal  (p50 ${us(median(sync.map((x) => x.p50)))}, ${sync[0].deals} deals a round)`);
    console.log(`  await flow.deal (AsyncClaimStore, memory) ${us(a)} per deal  (p50 ${us(median(async.map((x) => x.p50)))})`);
    const p50ratio = median(async.map((x, i) => x.p50 / sync[i].p50));
    console.log(
      `  ratio async / sync: ${ratio.toFixed(3)} (median over rounds of the mean deal; of the p50: ${p50ratio.toFixed(3)})  target <= 1.05  ${ratio <= 1.05 ? 'ok' : 'MISSED'}`,
    );
    if (base) {
      const b = median(baseline.map((x) => x.mean));
      console.log(
        `  baseline sync (${process.env.BASELINE_DIST}): ${us(b)} per deal; this build / baseline: ${median(sync.map((x, i) => x.mean / baseline[i].mean)).toFixed(3)}`,
      );
    }

    const seconds = Number(values.seconds ?? 3);
    const small = await publishShared(publish, join(dir, 'small'), 400);
    const bundleFile = join(dir, 'bundle.json');
    writeFileSync(bundleFile, JSON.stringify(small));
    const redis = await startRedis(dir);
    try {
      console.log(
        `through Redis (${small.cards.length}-card box, ${small.cards.filter((c) => c.shared).length} shared; 16 flows a process, ${seconds} s each):`,
      );
      for (const processes of [1, 4]) {
        const results = await Promise.all(
          Array.from({ length: processes }, (_, k) =>
            runWorker({ port: redis.port, bundleFile, namespace: `bench-${processes}`, worker: k, flows: 16, seconds }),
          ),
        );
        const deals = results.reduce((n, r) => n + r.deals, 0);
        const wall = Math.max(...results.map((r) => r.ms)) / 1000;
        const lat = results.flatMap((r) => r.latencies).sort((x, y) => x - y);
        console.log(
          `  ${processes} process${processes > 1 ? 'es' : ''}: ${Math.round(deals / wall)} deals/s  (${deals} deals; latency p50 ${ms(quantile(lat, 0.5))}, p99 ${ms(quantile(lat, 0.99))}; ${results.reduce((n, r) => n + r.elsewhere, 0)} claimed-elsewhere)`,
        );
      }
    } finally {
      await redis.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  /** Rounds on one engine: from the same start, 8 flows deal their hands in turn and play what they were dealt. */
  async function rounder(engine, isAsync) {
    const flows = Array.from({ length: 8 }, (_, i) => engine.flow(`f${i}`));
    const start = await engine.snapshot();
    const hands = ['zone0_path_0', 'zone1_path_0', 'zone2_path_0', 'zone3_path_0', 'zone4_path_0'];
    return async () => {
      await engine.restore(start);
      globalThis.gc?.();
      const times = [];
      for (let step = 0; step < 120; step++) {
        const flow = flows[step % flows.length];
        const hand = hands[step % hands.length];
        flow.setWorld('now', step % 4);
        const t0 = performance.now();
        const r = isAsync ? await flow.deal(hand) : flow.deal(hand);
        times.push(performance.now() - t0);
        for (const c of r.dealt) {
          const p = flow.play(c.id, { hand });
          if (isAsync) await p;
        }
      }
      times.sort((x, y) => x - y);
      return { deals: times.length, mean: times.reduce((n, t) => n + t, 0) / times.length, p50: quantile(times, 0.5) };
    };
  }
}

/** Publishes generated content with every seventh card shared (some with more world copies). */
async function publishShared(publish, dir, cards) {
  generateContent(dir, cards);
  for (const file of (await import('node:fs')).readdirSync(dir).filter((f) => f.startsWith('box'))) {
    const path = join(dir, file);
    const text = readFileSync(path, 'utf8').replace(/^( {10})card(\d+):\n( {12})title: (.*)$/gm, (all, ind, id, ind2, title) =>
      Number(id) % 7 === 0 ? `${ind}card${id}:\n${ind2}title: ${title}\n${ind2}shared: true\n${ind2}sharedCopies: ${1 + (Number(id) % 3)}` : all,
    );
    writeFileSync(path, text);
  }
  const r = await publish({ dir });
  if (!r.ok)
    throw new Error(
      `the generated content did not publish: ${r.diagnostics
        .slice(0, 3)
        .map((d) => d.message)
        .join('; ')}`,
    );
  return r.bundle;
}

function runWorker(config) {
  return new Promise((resolve, reject) => {
    const child = fork(join(here, 'shared.mjs'), ['--worker', JSON.stringify(config)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.once('message', resolve);
    child.once('error', reject);
    child.once('exit', (code) => code !== 0 && reject(new Error(`bench worker exited with ${code}`)));
  });
}

/** A bench process: its flows deal (and play what they were dealt) through Redis for `seconds`. */
async function redisWorker(config) {
  const { createEngine } = await import('../../dist/runtime/index.js');
  const { createRedisClaimStore } = await import('../../dist/store/redis/index.js');
  const { default: Redis } = await import('ioredis');
  const bundle = JSON.parse(readFileSync(config.bundleFile, 'utf8'));
  const redis = new Redis({ port: config.port, host: '127.0.0.1', maxRetriesPerRequest: 1 });
  const engine = createEngine(bundle, { seed: 'bench', claims: createRedisClaimStore({ redis, bundle, namespace: config.namespace }) });
  const hands = ['zone0_path_0', 'zone1_path_0', 'zone2_path_0', 'zone3_path_0', 'zone4_path_0'];
  const latencies = [];
  let deals = 0;
  let elsewhere = 0;
  // Half a second to warm up (JIT, connections, Redis's script cache) before anything counts.
  const start = performance.now() + 500;
  const end = start + config.seconds * 1000;
  await Promise.all(
    Array.from({ length: config.flows }, async (_, i) => {
      const flow = engine.flow(`p${config.worker}-f${i}`);
      for (let step = i; performance.now() < end; step++) {
        const hand = hands[step % hands.length];
        flow.setWorld('now', step % 4);
        const t0 = performance.now();
        const r = await flow.deal(hand);
        if (t0 >= start) {
          latencies.push(performance.now() - t0);
          deals++;
          if (r.trace.hasVerdict('claimed-elsewhere')) elsewhere++;
        }
        for (const c of r.dealt) await flow.play(c.id, { hand });
      }
    }),
  );
  const ms = performance.now() - start;
  redis.disconnect();
  process.send({ deals, ms, elsewhere, latencies: latencies.filter((_, i) => i % 10 === 0) }, () => process.exit(0));
}

async function startRedis(dir) {
  const port = await new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const p = s.address().port;
      s.close(() => resolve(p));
    });
  });
  const data = mkdtempSync(join(dir, 'redis-'));
  const child = spawn(
    process.env.REDIS_SERVER ?? 'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', data],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  // However this process ends (a closed pipe, Ctrl-C), the server it started goes with it.
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(130));
  await new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${out}`)), 10_000);
    const read = (b) => {
      out += b;
      if (out.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('error', (e) => reject(new Error(`could not run redis-server (${e.message}); install it (Debian: apt-get install redis-server)`)));
  });
  return {
    port,
    stop: () =>
      new Promise((resolve) => {
        process.off('exit', kill);
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}
function quantile(sorted, q) {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}
function us(msValue) {
  return `${(msValue * 1000).toFixed(1)} µs`;
}
function ms(msValue) {
  return `${msValue.toFixed(2)} ms`;
}
