// One game server process for the multi-process test: its own flows, its own Redis connection,
// its own SQLite saves, dealing the shared deck in a loop. It logs every call and its outcome to
// its own file (one JSON line each, written at once, so a SIGKILL loses at most the call in
// flight) and talks to the test over IPC: progress out; stop and exit in.
import { openSync, readFileSync, writeSync } from 'node:fs';
import Database from 'better-sqlite3';
import { Redis } from 'ioredis';
import { Rng } from '../../../src/core/random.js';
import type { Bundle } from '../../../src/content/bundle.js';
import { createEngine } from '../../../src/runtime/index.js';
import { createRedisClaimStore, keepLeases } from '../../../src/store/redis/index.js';
import { createSqliteFlowStore } from '../../../src/store/sqlite/index.js';

export interface WorkerConfig {
  worker: number;
  port: number;
  namespace: string;
  bundleFile: string;
  logFile: string;
  dbFile: string;
  flows: number;
  minDeals: number;
  leaseMs: number;
  renewMs: number;
}

const config = JSON.parse(process.argv[2]!) as WorkerConfig;
const bundle = JSON.parse(readFileSync(config.bundleFile, 'utf8')) as Bundle;
const shared = new Set(bundle.cards.filter((c) => c.shared).map((c) => c.id));
const fd = openSync(config.logFile, 'a');
const log = (entry: object): void => {
  writeSync(fd, `${JSON.stringify(entry)}\n`);
};

const redis = new Redis({ port: config.port, host: '127.0.0.1', commandTimeout: 5000 });
const db = new Database(config.dbFile);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
const engine = createEngine(bundle, {
  seed: 'multi',
  claims: createRedisClaimStore({ redis, bundle, namespace: config.namespace, leaseMs: config.leaseMs, journal: 1_000_000 }),
  flows: createSqliteFlowStore({ db }),
});
const stopLeases = keepLeases(engine, {
  everyMs: config.renewMs,
  onLost: (lost) => log({ op: 'lost', lost }),
  onError: (err) => log({ op: 'renew-failed', error: String(err) }),
});

let stopRequested = false;
// `exit` is obeyed at any time: mid-run too (the test failed before it sent `stop`), so no worker
// is left dealing for ever while the test waits for it to exit.
let exitRequested = false;
let exitNow: (() => void) | null = null;
const exit = new Promise<void>((resolve) => (exitNow = resolve));
process.on('message', (m: { stop?: boolean; exit?: boolean }) => {
  if (m.stop) stopRequested = true;
  if (m.exit) {
    exitRequested = true;
    exitNow!();
  }
});
// The test process is gone (it crashed or was killed): nobody will send `exit`.
process.on('disconnect', () => process.exit(1));

const rng = new Rng(`worker-${config.worker}`);
const flowIds = Array.from({ length: config.flows }, (_, j) => `w${config.worker}-f${j}`);
const hands = ['den', 'lair'] as const;

for (let i = 0; !exitRequested && !(stopRequested && i >= config.minDeals); i++) {
  const id = flowIds[i % flowIds.length]!;
  const flow = engine.flow(id);
  const hand = hands[rng.int(2)]!;
  const r = await flow.deal(hand);
  log({
    op: 'deal',
    flow: id,
    hand,
    dealt: r.dealt.map((c) => c.id).filter((c) => shared.has(c)),
    elsewhere: r.trace.cards.filter((c) => c.verdict === 'claimed-elsewhere').map((c) => c.id),
    taken: r.trace.cards.filter((c) => c.verdict === 'taken').map((c) => c.id),
  });
  // Play one held card of one hand, more often than not, so copies keep moving.
  if (rng.next() < 0.6) {
    const from = hands[rng.int(2)]!;
    const held = flow.hand(from);
    if (held.length > 0) {
      const card = held[rng.int(held.length)]!.id;
      try {
        await flow.play(card, { hand: from });
        if (shared.has(card)) log({ op: 'play', flow: id, hand: from, card });
      } catch (err) {
        // A renewal may have found the claim lost and taken the card out of the hand meanwhile.
        log({ op: 'play-refused', flow: id, hand: from, card, code: (err as { code?: string }).code });
      }
    }
  }
  await engine.saveFlow(id);
  if (i % 50 === 0) process.send!({ progress: i });
}

// Done dealing: report what every flow holds, then keep the leases alive until told to exit.
const holdings = flowIds.flatMap((id) =>
  hands.flatMap((hand) =>
    engine
      .flow(id)
      .hand(hand)
      .filter((c) => shared.has(c.id))
      .map((c) => ({ flow: id, hand, card: c.id })),
  ),
);
if (!exitRequested) {
  log({ op: 'done', holdings });
  process.send!({ done: true, holdings });
}
await exit;
stopLeases();
redis.disconnect();
db.close();
process.exit(0);
