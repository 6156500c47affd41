// Saved flows on SQLite (issue 5, "Flow persistence"): save, restart, load, the next deal is the
// same; snapshots carry their format and version; a corrupt, newer or foreign save is a typed
// error that changes nothing; the tables refuse a newer schema.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Bundle } from '../../src/content/bundle.js';
import { MemoryClaimStore, createEngine } from '../../src/runtime/index.js';
import type { DealResult } from '../../src/runtime/index.js';
import { createRedisClaimStore } from '../../src/store/redis/index.js';
import { SQLITE_SCHEMA_VERSION, createSqliteFlowStore } from '../../src/store/sqlite/index.js';
import { bundleOf, ids } from '../runtime/support/content.js';
import { CONTENT } from './support/model.js';
import { useRedis } from './support/redis.js';
import type { RedisServer } from './support/redis.js';
import { rejectsWith } from './support/errors.js';

const run = promisify(execFile);
let dir: string;
let bundle: Bundle;
const redisServer = useRedis();
let server: RedisServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'se-sqlite-'));
  bundle = await bundleOf(CONTENT);
});
beforeEach(() => {
  server ??= redisServer();
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Plays a little: world values, tag values via effects, cooldowns, held cards in several hands. */
async function playSome(
  flow: {
    deal: (h: string, a?: Record<string, string>) => DealResult | Promise<DealResult>;
    play: (id: string, at: { hand: string }) => unknown;
    hand: (h: string) => readonly { id: string }[];
    setWorld: (name: string, value: number) => unknown;
    advance: (box: string, n: number) => unknown;
  },
  n: number,
): Promise<void> {
  flow.setWorld('now', n % 3);
  await flow.deal('tavern');
  const held = flow.hand('tavern');
  await flow.play(held[n % held.length]!.id, { hand: 'tavern' });
  await flow.deal('square', { npc: n % 2 ? 'elder' : 'smith' });
  flow.advance('town', n % 2);
}

describe('restart: save to SQLite, a new engine, load, the same next deal', () => {
  it('in one process, with the in-memory claim store', async () => {
    const file = join(dir, 'restart-memory.db');
    const first = createEngine(bundle, { seed: 'restart', flows: createSqliteFlowStore({ file }) });
    const ids3 = ['ann', 'ben', 'cat'];
    for (const [i, id] of ids3.entries()) await playSome(first.flow(id), i);
    for (const id of ids3) await first.saveFlow(id);
    const next = Object.fromEntries(ids3.map((id) => [id, first.flow(id).deal('market')]));

    const store = createSqliteFlowStore({ file });
    const second = createEngine(bundle, { seed: 'restart', flows: store });
    // Every flow back first, then the deals, in the same order: a deal sees the whole world's claims.
    for (const id of ids3) expect((await second.loadFlow(id)).dropped).toEqual([]);
    for (const id of ids3) {
      const again = second.flow(id).deal('market');
      expect(ids(again.dealt)).toEqual(ids(next[id]!.dealt));
      expect(again.trace.cards).toEqual(next[id]!.trace.cards);
    }
    expect(await store.list()).toEqual(ids3);
    store.close();
  });

  it('in a new process, with claims on Redis: the loaded flows hold exactly their saved claims', async () => {
    const file = join(dir, 'restart-redis.db');
    const bundleFile = join(dir, 'bundle.json');
    writeFileSync(bundleFile, JSON.stringify(bundle));
    const namespace = 'restart';
    const redis = server.client();
    const claims = createRedisClaimStore({ redis, bundle, namespace });
    const flows = createSqliteFlowStore({ file });
    const first = createEngine(bundle, { seed: 'restart', flows, claims });
    const ids3 = ['ann', 'ben', 'cat'];
    for (const [i, id] of ids3.entries()) await playSome(first.flow(id), i);
    for (const id of ids3) await first.saveFlow(id);
    const holders = Object.fromEntries(await Promise.all(['goblin', 'ticket', 'bread', 'crown'].map(async (c) => [c, await claims.holders(c)])));
    // What this process would deal next; then the process "stops": its flows are forgotten here.
    const next: Record<string, DealResult> = {};
    const probe = createEngine(bundle, { seed: 'restart', flows, claims: createRedisClaimStore({ redis, bundle, namespace: 'probe' }) });
    for (const id of ids3) await probe.loadFlow(id);
    for (const id of ids3) next[id] = await probe.flow(id).deal('market');
    flows.close();

    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', join(__dirname, 'workers', 'resume.ts'), bundleFile, file, String(server.port), namespace, 'market', ...ids3],
      { timeout: 20_000 },
    );
    const resumed = JSON.parse(stdout) as Record<string, { dropped: unknown[]; dealt: string[]; trace: unknown }>;
    for (const id of ids3) {
      expect(resumed[id]!.dropped).toEqual([]);
      expect(resumed[id]!.dealt).toEqual(ids(next[id]!.dealt));
      expect(resumed[id]!.trace).toEqual(JSON.parse(JSON.stringify(next[id]!.trace.cards)));
    }
    // The new process's loads claimed exactly what the saves hold; its deals added what they dealt.
    const shared = new Set(bundle.cards.filter((c) => c.shared).map((c) => c.id));
    for (const [card, before] of Object.entries(holders)) {
      const added = ids3.filter((id) => resumed[id]!.dealt.includes(card) && shared.has(card)).map((flow) => ({ flow, hand: 'market' }));
      const expected = [...(before as { flow: string; hand: string }[]), ...added].sort((x, y) => (x.flow + x.hand < y.flow + y.hand ? -1 : 1));
      expect(await claims.holders(card)).toEqual(expected);
    }
  });
});

describe('what the SQLite store keeps', () => {
  it('one row per flow and namespace, with the snapshot text and its format, version and bundle', async () => {
    const file = join(dir, 'rows.db');
    const store = createSqliteFlowStore({ file, namespace: 'eu' });
    const other = createSqliteFlowStore({ file, namespace: 'us' });
    const engine = createEngine(bundle, { seed: 's', flows: store });
    engine.flow('ann').deal('tavern');
    await engine.saveFlow('ann');
    await engine.saveFlow('ann');
    const db = new Database(file, { readonly: true });
    const rows = db.prepare('SELECT namespace, flow, format, version, bundle, snapshot FROM storylet_flows').all() as Record<string, unknown>[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ namespace: 'eu', flow: 'ann', format: 'storyletengine/flow', version: 1, bundle: bundle.hash });
    expect(JSON.parse(rows[0]!.snapshot as string)).toEqual(engine.flow('ann').snapshot());
    expect((db.prepare("SELECT value FROM storylet_flows_meta WHERE key = 'schema'").get() as { value: string }).value).toBe(String(SQLITE_SCHEMA_VERSION));
    db.close();
    expect(await other.list()).toEqual([]);
    expect(await other.load('ann')).toBeUndefined();
    expect(await store.remove('ann')).toBe(true);
    expect(await store.remove('ann')).toBe(false);
    store.close();
    other.close();
  });

  it("uses the game's own open database when given one, and leaves it open", async () => {
    const db = new Database(':memory:');
    const store = createSqliteFlowStore({ db, table: 'saves' });
    await store.save('ann', '{"x":1}');
    store.close();
    expect(db.open).toBe(true);
    expect((db.prepare('SELECT count(*) AS n FROM saves').get() as { n: number }).n).toBe(1);
    db.close();
  });
});

describe('bad saves and bad databases', () => {
  it('a corrupt row, or one from a newer runtime, is a typed error; the engine and the claims are unchanged', async () => {
    const file = join(dir, 'corrupt.db');
    const store = createSqliteFlowStore({ file });
    const claims = new MemoryClaimStore();
    const engine = createEngine(bundle, { seed: 's', flows: store, claims });
    const ann = engine.flow('ann');
    ann.deal('tavern');
    await engine.saveFlow('ann');
    ann.deal('market');
    const before = JSON.stringify(ann.snapshot());
    const holders = ['goblin', 'ticket', 'bread', 'crown'].map((c) => claims.holders(c));
    const db = new Database(file);
    const text = (db.prepare("SELECT snapshot FROM storylet_flows WHERE flow = 'ann'").get() as { snapshot: string }).snapshot;
    const cases: [string, string][] = [
      [text.slice(0, text.length / 2), 'snapshot/malformed'],
      ['', 'snapshot/malformed'],
      ['[]', 'snapshot/malformed'],
      [JSON.stringify({ ...JSON.parse(text), format: 'storyletengine/unknown' }), 'snapshot/malformed'],
      [JSON.stringify({ ...JSON.parse(text), version: 2 }), 'snapshot/version'],
      [JSON.stringify({ ...JSON.parse(text), bundle: 'elsewhere' }), 'snapshot/bundle-mismatch'],
      [JSON.stringify({ ...JSON.parse(text), clocks: [] }), 'snapshot/malformed'],
    ];
    for (const [bad, code] of cases) {
      db.prepare("UPDATE storylet_flows SET snapshot = ? WHERE flow = 'ann'").run(bad);
      await rejectsWith(engine.loadFlow('ann'), code);
      expect(JSON.stringify(ann.snapshot())).toBe(before);
      expect(['goblin', 'ticket', 'bread', 'crown'].map((c) => claims.holders(c))).toEqual(holders);
    }
    db.close();
    store.close();
  });

  it('a database written by a newer schema is flows/schema; nothing is changed in it', () => {
    const file = join(dir, 'newer.db');
    createSqliteFlowStore({ file }).close();
    const db = new Database(file);
    db.prepare("UPDATE storylet_flows_meta SET value = '2' WHERE key = 'schema'").run();
    db.close();
    expect(() => createSqliteFlowStore({ file })).toThrowError(expect.objectContaining({ code: 'flows/schema' }));
  });

  it('bad options are flows/bad-options; a database SQLite cannot open or use is flows/unavailable', async () => {
    for (const o of [
      {},
      { file: '' },
      { file: 'a.db', db: new Database(':memory:') },
      { file: join(dir, 'x.db'), table: 'drop table' },
      { file: join(dir, 'x.db'), namespace: '' },
    ]) {
      expect(() => createSqliteFlowStore(o)).toThrowError(expect.objectContaining({ code: 'flows/bad-options' }));
    }
    expect(() => createSqliteFlowStore({ file: join(dir, 'no', 'such', 'dir', 'x.db') })).toThrowError(expect.objectContaining({ code: 'flows/unavailable' }));
    const store = createSqliteFlowStore({ file: join(dir, 'closed.db') });
    const engine = createEngine(bundle, { seed: 's', flows: store });
    engine.flow('ann');
    store.close();
    await rejectsWith(engine.saveFlow('ann'), 'flows/unavailable');
    await rejectsWith(engine.loadFlow('ann'), 'flows/unavailable');
  });
});
