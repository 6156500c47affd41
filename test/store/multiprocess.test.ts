// Issue 5, "Done means": real worker processes deal the same shared deck through one Redis at the
// same time, thousands of times; one is SIGKILLed mid-run; its claims are recovered as
// docs/scaling.md says (the lease lapses; loading its last save reconciles it).
//
// What is checked, and against what:
// - Redis itself, sampled all through the run: no card ever has more holders than sharedCopies.
// - The store's journal (written by the same Lua step as each claim, so complete even across a
//   kill), replayed in order against a model of the rules: every claimed-elsewhere verdict was
//   due (others held every copy), every claim had room, lapsed claims were purged only after
//   their lease, a taken card was never claimed again, and never more holders than sharedCopies.
// - Each worker's own log against the journal, flow by flow: every deal and play a worker saw is
//   there with the same outcome, and nothing else is (no lost or duplicated claim), except at
//   most the one call the killed worker had in flight.
// - The end: Redis holds exactly what the surviving workers' flows hold.
//
// No step waits on a worker for ever: a worker that dies early fails the step that waits for it,
// and whatever fails, the workers are told to exit and, failing that, killed, so a failure comes
// out as itself and not as the test's timeout.
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Bundle } from '../../src/content/bundle.js';
import { createEngine } from '../../src/runtime/index.js';
import { createRedisClaimStore } from '../../src/store/redis/index.js';
import type { ClaimJournalEntry, RedisClaimStore } from '../../src/store/redis/index.js';
import { createSqliteFlowStore } from '../../src/store/sqlite/index.js';
import { bundleOf } from '../runtime/support/content.js';
import { useRedis } from './support/redis.js';
import type { RedisServer } from './support/redis.js';
import type { WorkerConfig } from './workers/claims-worker.js';

const CONTENT = `
boxes:
  arena:
    decks:
      beasts:
        shared: true
        cards:
          goblin: {}
          troll: { sharedCopies: 2 }
          wolf: { copies: 2, sharedCopies: 3 }
          bat: { sharedCopies: 4 }
          ogre: {}
      relics:
        shared: true
        cards:
          crown: { redraw: never }
      stones:
        cards:
          pebble: { priority: -1 }
          shell: { priority: -1 }
    hands:
      den: { slots: 2 }
      lair: { slots: 2 }
`;

const WORKERS = 3;
const FLOWS_EACH = 4;
const MIN_DEALS = 1500;
const KILL_AFTER = 400;
const LEASE_MS = 1000;
const RENEW_MS = 200;
const VICTIM = 2;

const redisServer = useRedis();
let server: RedisServer;
let bundle: Bundle;
let dir: string;
let limits: Map<string, number>;

beforeAll(async () => {
  bundle = await bundleOf(CONTENT);
  limits = new Map(bundle.cards.filter((c) => c.shared).map((c) => [c.id, c.sharedCopies]));
  dir = mkdtempSync(join(tmpdir(), 'se-multi-'));
});
beforeEach(() => {
  server ??= redisServer();
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

type Holding = { flow: string; hand: string; card: string };
type LogEntry =
  | { op: 'deal'; flow: string; hand: string; dealt: string[]; elsewhere: string[]; taken: string[] }
  | { op: 'play'; flow: string; hand: string; card: string }
  | { op: 'done'; holdings: Holding[] }
  | { op: 'lost' | 'renew-failed' | 'play-refused'; [k: string]: unknown };

interface Worker {
  child: ChildProcess;
  config: WorkerConfig;
  progress: number;
  done: Promise<Holding[]>;
  exited: Promise<void>;
}

function startWorker(worker: number): Worker {
  const config: WorkerConfig = {
    worker,
    port: server.port,
    namespace: 'multi',
    bundleFile: join(dir, 'bundle.json'),
    logFile: join(dir, `worker-${worker}.log`),
    dbFile: join(dir, `worker-${worker}.db`),
    flows: FLOWS_EACH,
    minDeals: MIN_DEALS,
    leaseMs: LEASE_MS,
    renewMs: RENEW_MS,
  };
  const child = fork(join(__dirname, 'workers', 'claims-worker.ts'), [JSON.stringify(config)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const w = { child, config, progress: 0 } as Worker;
  w.done = new Promise((resolve, reject) => {
    child.on('message', (m: { progress?: number; done?: boolean; holdings?: Holding[] }) => {
      if (m.progress !== undefined) w.progress = m.progress;
      if (m.done) resolve(m.holdings!);
    });
    // A worker that dies before reporting (a crash; the victim's kill) never will: say so.
    child.once('exit', (code, signal) => reject(new Error(`worker ${worker} exited (${signal ?? `code ${code}`}) before it reported its holdings`)));
  });
  w.done.catch(() => {}); // the victim's is never awaited
  w.exited = new Promise((resolve) => child.once('exit', () => resolve()));
  return w;
}

const running = (w: Worker): boolean => w.child.exitCode === null && w.child.signalCode === null;

/** Ends the workers still running: `exit` first (they obey it at any time), SIGKILL if that fails. */
async function endWorkers(workers: Worker[]): Promise<void> {
  for (const w of workers) if (running(w) && w.child.connected) w.child.send({ exit: true }, () => {});
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), 10_000)));
  const exited = Promise.all(workers.map((w) => w.exited));
  if ((await Promise.race([exited, late])) === 'late') for (const w of workers) if (running(w)) w.child.kill('SIGKILL');
  clearTimeout(timer);
  await exited;
}

function readLog(worker: number): LogEntry[] {
  return readFileSync(join(dir, `worker-${worker}.log`), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as LogEntry);
}

const list = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);
const until = async (what: string, ok: () => boolean, ms: number, alive?: Worker) => {
  const end = performance.now() + ms;
  while (!ok()) {
    if (alive && !running(alive)) throw new Error(`worker ${alive.config.worker} exited while waiting for ${what}`);
    if (performance.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
};

/**
 * What a worker's flows hold in Redis, lapsed or not (a lapsed claim nobody has purged yet is
 * still its holder's: a renewal would keep it), and the seq of the last operation, read in one
 * MULTI, so both are the same instant.
 */
async function claimsOf(redis: Redis, store: RedisClaimStore, worker: number): Promise<{ seq: number; holdings: Holding[] }> {
  const cards = [...limits.keys()].sort();
  const multi = redis.multi().get(`${store.prefix}seq`);
  for (const card of cards) multi.zrange(`${store.prefix}held:${card}`, 0, -1);
  const replies = (await multi.exec())!;
  for (const [err] of replies) if (err) throw err;
  const holdings: Holding[] = [];
  cards.forEach((card, k) => {
    for (const member of replies[k + 1]![1] as string[]) {
      const [flow, hand] = JSON.parse(member) as [string, string];
      if (flow.startsWith(`w${worker}-`)) holdings.push({ flow, hand, card });
    }
  });
  return { seq: Number(replies[0]![1] ?? 0), holdings: sortHoldings(holdings) };
}

/** Live holders of every shared card, as {flow, hand, card}, sorted. */
async function liveHoldings(store: RedisClaimStore): Promise<Holding[]> {
  const out: Holding[] = [];
  for (const card of [...limits.keys()].sort()) for (const h of await store.holders(card)) out.push({ ...h, card });
  return sortHoldings(out);
}
function sortHoldings(h: Holding[]): Holding[] {
  const key = (x: Holding) => `${x.card}\u0000${x.flow}\u0000${x.hand}`;
  return [...h].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/**
 * Replays the journal against the rules; returns the live state at the end and some counts.
 * Any departure from the rules fails the test at the entry that shows it.
 */
function replay(journal: ClaimJournalEntry[]) {
  const held = new Map<string, Map<string, number>>(); // card → member → lease expiry
  const taken = new Set<string>();
  const at = (card: string) => held.get(card) ?? held.set(card, new Map()).get(card)!;
  const counts = { claims: 0, elsewhere: 0, purged: 0, taken: 0 };
  const purge = (e: ClaimJournalEntry) => {
    for (const [card, member] of list<[string, string]>(e.purged)) {
      const expiry = at(card).get(member);
      expect(expiry, `seq ${e.seq}: purged ${member} from ${card}, which it did not hold`).toBeDefined();
      expect(expiry! <= e.now, `seq ${e.seq}: purged ${member} from ${card} before its lease ended`).toBe(true);
      at(card).delete(member);
      counts.purged++;
    }
  };
  for (const e of journal) {
    purge(e);
    if (e.op === 'settle') {
      for (const [card, limit, n, outcome] of list<[string, number, number, string]>(e.checked)) {
        if (outcome === 'taken') {
          expect(taken.has(card), `seq ${e.seq}: ${card} reported taken before anyone took it`).toBe(true);
          continue;
        }
        expect(taken.has(card), `seq ${e.seq}: ${card} was taken, yet offered`).toBe(false);
        const members = at(card);
        for (const [m, expiry] of members) expect(expiry > e.now, `seq ${e.seq}: lapsed claim ${m} on ${card} still counted`).toBe(true);
        const others = [...members.keys()].filter((m) => m !== e.member).length;
        expect(n, `seq ${e.seq}: Redis counted ${n} other holders of ${card}, the replay ${others}`).toBe(others);
        expect(limit).toBe(limits.get(card));
        if (outcome === 'elsewhere') {
          expect(others >= limit, `seq ${e.seq}: ${card} claimed-elsewhere with ${others} of ${limit} out`).toBe(true);
          counts.elsewhere++;
        } else {
          expect(others < limit, `seq ${e.seq}: ${card} ${outcome} with all ${limit} out`).toBe(true);
          if (outcome === 'picked' && e.commit) {
            members.set(e.member as string, e.until as number);
            counts.claims++;
          }
        }
      }
    } else if (e.op === 'release' || e.op === 'take') {
      const members = at(e.card as string);
      expect(members.has(e.member as string), `seq ${e.seq}: ${e.op} of ${e.card} by ${e.member}`).toBe(e.removed === 1);
      members.delete(e.member as string);
      if (e.op === 'take') {
        taken.add(e.card as string);
        counts.taken++;
      }
    } else if (e.op === 'renew') {
      for (const [card, member, result] of list<[string, string, number]>(e.claims)) {
        const members = at(card);
        if (result === 1) expect(members.has(member), `seq ${e.seq}: renewed ${member} on ${card}, which it did not hold`).toBe(true);
        else {
          expect(members.has(member)).toBe(false);
          expect(
            members.size < limits.get(card)!,
            `seq ${e.seq}: renewal of ${member} on ${card} ${result === 2 ? 'retook it without room' : 'lost it with room'}`,
          ).toBe(result === 2);
        }
        if (result !== 0) members.set(member, e.until as number);
      }
    } else if (e.op === 'replace-flow') {
      for (const [card, member] of list<[string, string]>(e.removed)) at(card).delete(member);
      for (const [card, member] of list<[string, string]>(e.added)) at(card).set(member, e.until as number);
    }
    for (const [card, members] of held) {
      expect(members.size <= limits.get(card)!, `seq ${e.seq}: ${members.size} holders of ${card}, sharedCopies ${limits.get(card)}`).toBe(true);
    }
  }
  return { held, taken, counts };
}

/** A flow's store operations in a worker's log, as comparable strings. */
function logOps(log: LogEntry[], flow: string): string[] {
  const out: string[] = [];
  for (const e of log) {
    if (e.op === 'deal' && e.flow === flow) out.push(`settle ${e.hand} dealt=${[...e.dealt].sort()} elsewhere=${[...e.elsewhere].sort()}`);
    if (e.op === 'play' && e.flow === flow) out.push(`release ${e.hand} ${e.card}`);
  }
  return out;
}

/** The same, from the journal. */
function journalOps(journal: ClaimJournalEntry[], flow: string): string[] {
  const out: string[] = [];
  for (const e of journal) {
    if (e.op === 'settle' && e.flow === flow && e.commit) {
      const checked = list<[string, number, number, string]>(e.checked);
      const picked = checked
        .filter((c) => c[3] === 'picked')
        .map((c) => c[0])
        .sort();
      const elsewhere = checked
        .filter((c) => c[3] === 'elsewhere')
        .map((c) => c[0])
        .sort();
      out.push(`settle ${e.hand} dealt=${picked} elsewhere=${elsewhere}`);
    }
    if ((e.op === 'release' || e.op === 'take') && e.flow === flow) out.push(`release ${e.hand} ${e.card}`);
  }
  return out;
}

describe(`${WORKERS} worker processes deal one shared deck through Redis`, () => {
  it('never more holders than sharedCopies, claimed-elsewhere where due, no lost or duplicated claim; a SIGKILLed worker is recovered', async () => {
    writeFileSync(join(dir, 'bundle.json'), JSON.stringify(bundle));
    const redis: Redis = server.client();
    const store = createRedisClaimStore({ redis, bundle, namespace: 'multi' });

    // Redis, sampled all along: no card ever has more members than its sharedCopies.
    let samples = 0;
    const over: string[] = [];
    const sample = async () => {
      const cards = [...limits.keys()];
      const sizes = await Promise.all(cards.map((c) => redis.zcard(`${store.prefix}held:${c}`)));
      samples++;
      sizes.forEach((n, i) => n > limits.get(cards[i]!)! && over.push(`${cards[i]}: ${n}`));
    };
    // A sample that fails is recorded with the over-limit cards, not lost as an unhandled rejection.
    const sampler = setInterval(() => void sample().catch((e: unknown) => over.push(`a sample failed: ${String(e)}`)), 20);

    const workers = Array.from({ length: WORKERS }, (_, k) => startWorker(k));
    const victim = workers[VICTIM]!;
    const survivors = workers.filter((w) => w !== victim);
    try {
      // Mid-run, the victim dies without a word. It is frozen first (SIGSTOP: it sends nothing
      // more) and its claims read, with the journal's seq, in one step: that is what it held at
      // its death, whatever the clock does before anyone reads it. It dies holding at least two,
      // so that its one call in flight (a play may give one back) leaves a claim to recover;
      // otherwise it deals on to the next progress report and is tried again.
      const deadline = performance.now() + 30_000;
      let stopped: { seq: number; holdings: Holding[] } | undefined;
      for (let next = KILL_AFTER; !stopped; next += 50) {
        await until('the victim to deal while holding two shared cards', () => victim.progress >= next, deadline - performance.now(), victim);
        victim.child.kill('SIGSTOP');
        const seen = await claimsOf(redis, store, VICTIM);
        if (seen.holdings.length >= 2) stopped = seen;
        else victim.child.kill('SIGCONT');
      }
      victim.child.kill('SIGKILL');
      await victim.exited;
      const stoppedAt = stopped.seq;
      const atKill = stopped.holdings;
      const killedAt = (await store.journal()).at(-1)!.seq;

      // The others go on dealing past the victim's lease, then stop.
      await new Promise((r) => setTimeout(r, LEASE_MS + 4 * RENEW_MS));
      for (const w of survivors) w.child.send({ stop: true });
      const finalHoldings = sortHoldings((await Promise.all(survivors.map((w) => w.done))).flat());
      clearInterval(sampler);

      // 1. Redis never went over.
      expect(over).toEqual([]);
      expect(samples).toBeGreaterThan(10);

      // 2. The journal, replayed against the rules.
      const journal = await store.journal();
      expect(journal.map((e) => e.seq)).toEqual(journal.map((_, i) => i + 1));
      const { held, taken, counts } = replay(journal);
      const deals = journal.filter((e) => e.op === 'settle' && e.commit).length;
      expect(deals).toBeGreaterThan(WORKERS * 1000);
      expect(counts.claims).toBeGreaterThan(500);
      expect(counts.elsewhere).toBeGreaterThan(100);
      expect(counts.taken).toBeLessThanOrEqual(1);
      expect([...taken]).toEqual(counts.taken ? ['crown'] : []);

      // 3. Each worker's log against the journal, flow by flow.
      for (const w of workers) {
        const log = readLog(w.config.worker);
        expect(log.filter((e) => e.op === 'renew-failed')).toEqual([]);
        for (let j = 0; j < FLOWS_EACH; j++) {
          const flow = `w${w.config.worker}-f${j}`;
          const seen = logOps(log, flow);
          const recorded = journalOps(journal, flow);
          if (w === victim) {
            // The call in flight when it died may have reached Redis without reaching the log.
            expect(recorded.slice(0, seen.length)).toEqual(seen);
            expect(recorded.length - seen.length).toBeLessThanOrEqual(1);
          } else {
            expect(recorded).toEqual(seen);
          }
        }
        // Its own log: its flows never held more copies of a card than the world has.
        const mine = new Map<string, number>();
        for (const e of log) {
          if (e.op === 'deal') for (const c of e.dealt) mine.set(c, (mine.get(c) ?? 0) + 1);
          if (e.op === 'play') mine.set(e.card, mine.get(e.card)! - 1);
          if (e.op === 'lost') for (const c of list<{ card: string }>(e.lost)) mine.set(c.card, mine.get(c.card)! - 1);
          for (const [card, n] of mine) expect(n, `worker ${w.config.worker}: ${card}`).toBeLessThanOrEqual(limits.get(card)!);
        }
      }
      const victimExtra = flowsOf(VICTIM).reduce((n, f) => n + journalOps(journal, f).length - logOps(readLog(VICTIM), f).length, 0);

      // 4. Recovery: every claim the victim held at its death lapsed and was purged (or lies
      //    lapsed where nobody looked since), but for one its call in flight gave back; none counts
      //    any more.
      const now = Number((await redis.time())[0]) * 1000;
      const afterDeath = journal.filter((e) => e.seq > stoppedAt);
      let lapsed = 0;
      for (const h of atKill) {
        const member = JSON.stringify([h.flow, h.hand]);
        const purged = afterDeath.some((e) => list<[string, string]>(e.purged).some(([c, m]) => c === h.card && m === member));
        const gaveBack = afterDeath.some((e) => (e.op === 'release' || e.op === 'take') && e.card === h.card && e.member === member);
        const expiry = held.get(h.card)?.get(member);
        expect(purged || gaveBack || (expiry !== undefined && expiry <= now), `victim's ${h.card} in ${h.flow}/${h.hand}`).toBe(true);
        if (!gaveBack) lapsed++;
      }
      expect(lapsed, 'the victim held shared cards when it was killed, and they lapsed').toBeGreaterThan(0);
      const live = await liveHoldings(store);
      expect(live.filter((h) => h.flow.startsWith(`w${VICTIM}-`))).toEqual([]);
      // Its copies went back into play: survivors were dealt cards the victim had held.
      const reDealt = journal.filter(
        (e) =>
          e.seq > killedAt &&
          e.op === 'settle' &&
          e.commit &&
          list<[string, number, number, string]>(e.checked).some(([c, , , o]) => o === 'picked' && atKill.some((h) => h.card === c)),
      );
      expect(reDealt.length).toBeGreaterThan(0);

      // 5. The end state: Redis holds exactly what the survivors' flows hold.
      expect(live).toEqual(finalHoldings);

      // 6. Reconciliation: loading the victim's last saves claims what they hold, less what the
      //    world gave away meanwhile; Redis then holds exactly what the loaded flows hold.
      const engine = createEngine(bundle, { seed: 'multi', claims: store, flows: createSqliteFlowStore({ file: victim.config.dbFile }) });
      const dropped: Holding[] = [];
      const loaded: Holding[] = [];
      for (const flow of flowsOf(VICTIM)) {
        const r = await engine.loadFlow(flow);
        dropped.push(...r.dropped.map((d) => ({ flow, hand: d.hand, card: d.card })));
        for (const hand of ['den', 'lair']) for (const c of r.flow.hand(hand)) if (limits.has(c.id)) loaded.push({ flow, hand, card: c.id });
      }
      const after = await liveHoldings(store);
      expect(after.filter((h) => h.flow.startsWith(`w${VICTIM}-`))).toEqual(sortHoldings(loaded));
      for (const [card, limit] of limits) expect(after.filter((h) => h.card === card).length).toBeLessThanOrEqual(limit);
      console.log(
        `multi-process: ${deals} deals, ${counts.claims} claims, ${counts.elsewhere} claimed-elsewhere, ${counts.purged} lapsed claims purged; ` +
          `victim killed at seq ${killedAt} holding ${atKill.length}, in-flight calls lost from its log: ${victimExtra}; on load ${loaded.length} kept, ${dropped.length} dropped`,
      );
    } finally {
      clearInterval(sampler);
      await endWorkers(workers);
    }
  }, 60_000);
});

function flowsOf(worker: number): string[] {
  return Array.from({ length: FLOWS_EACH }, (_, j) => `w${worker}-f${j}`);
}
