// A fresh process for the restart test: opens the SQLite saves and (optionally) Redis, loads
// each flow named on the command line and prints its next deal as JSON.
import { readFileSync } from 'node:fs';
import { Redis } from 'ioredis';
import type { Bundle } from '../../../src/content/bundle.js';
import { createEngine } from '../../../src/runtime/index.js';
import { createRedisClaimStore } from '../../../src/store/redis/index.js';
import { createSqliteFlowStore } from '../../../src/store/sqlite/index.js';

const [bundleFile, dbFile, port, namespace, hand, ...flowIds] = process.argv.slice(2);
const bundle = JSON.parse(readFileSync(bundleFile!, 'utf8')) as Bundle;
const flows = createSqliteFlowStore({ file: dbFile! });
const redis = new Redis({ port: Number(port), host: '127.0.0.1', maxRetriesPerRequest: 1 });
const engine = createEngine(bundle, { seed: 'restart', flows, claims: createRedisClaimStore({ redis, bundle, namespace: namespace! }) });
const out: Record<string, { dropped: unknown[]; dealt?: string[]; trace?: unknown }> = {};
// Every flow back first, then the deals, in order: a deal sees the whole world's claims.
for (const id of flowIds) out[id] = { dropped: (await engine.loadFlow(id)).dropped };
for (const id of flowIds) {
  const next = await engine.flow(id).deal(hand!);
  Object.assign(out[id]!, { dealt: next.dealt.map((c) => c.id), trace: next.trace.cards });
}
process.stdout.write(JSON.stringify(out));
redis.disconnect();
flows.close();
