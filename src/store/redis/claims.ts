/**
 * The Redis claim store: shared claims, shared one-shots and `sharedCopies` across every process
 * of a game (reference, "Copies and claims"; docs/scaling.md).
 *
 * Every operation is one Lua script (scripts.ts), sent with EVALSHA so Redis runs it from its
 * script cache; the first call after Redis forgot it (a restart, SCRIPT FLUSH) sends the text once
 * with EVAL. The store holds no state of its own: two stores over the same Redis, namespace and
 * bundle are the same world.
 *
 * **Architecture invariant:** only `src/store/redis/` knows Redis; it is an extra entry
 * (`storyletengine/redis`) and the browser runtime never reaches it. It does not even import
 * ioredis at run time: the game passes its own client. Its declarations name no ioredis type
 * either ({@link RedisClient} is the few methods it calls), so ioredis is an optional peer.
 */
import { createHash } from 'node:crypto';
import type { Cluster, Redis } from 'ioredis';
import { StoryletError } from '../../core/errors.js';
import type { Bundle } from '../../content/bundle.js';
import type { AsyncClaimStore, AsyncSettleRequest, AsyncSettleResult, ClaimHolder, FlowClaim, HeldClaim } from '../../runtime/claims.js';
import { HOLDERS, RELEASE, RENEW, REPLACE_ALL, REPLACE_FLOW, SETTLE } from './scripts.js';

/**
 * What the store calls on the game's Redis client: an ioredis 5 `Redis` or `Cluster` is one.
 *
 * @example
 * ```ts
 * import Redis from 'ioredis';
 * const redis: RedisClient = new Redis({ commandTimeout: 1000 });
 * ```
 */
export interface RedisClient {
  evalsha(sha: string, numKeys: number, ...keysAndArgs: string[]): Promise<unknown>;
  eval(script: string, numKeys: number, ...keysAndArgs: string[]): Promise<unknown>;
  smembers(key: string): Promise<string[]>;
  lrange(key: string, start: number, stop: number): Promise<string[]>;
}

/** ioredis's clients fit {@link RedisClient}: this alias compiles only while they do. */
type Fits<T extends RedisClient> = T;
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- a compile-time check, nothing uses it.
type IoredisFits = Fits<Redis | Cluster>;

/** Options of {@link createRedisClaimStore}. */
export interface RedisClaimStoreOptions {
  /** The game's ioredis client. Give it a `commandTimeout`, so a dead link fails a deal instead of hanging it. */
  redis: RedisClient;
  /** The published bundle the engines run: claims are kept per bundle hash. */
  bundle: Bundle;
  /** Separates worlds that share one Redis (a shard, a test run). Default `default`. */
  namespace?: string;
  /** Put before every key. Default `storylet:`. */
  keyPrefix?: string;
  /**
   * How long a claim lasts unless its holder renews it (`engine.renewLeases()`), in ms. Default
   * 30,000. A process that dies stops renewing, and its claims return to the world this long after.
   */
  leaseMs?: number;
  /**
   * A clock in ms for leases instead of Redis's `TIME`: for tests that move time by hand. Every
   * process of a world must share it.
   */
  clock?: () => number;
  /** Keep the last this-many operations in Redis (`<prefix>journal`) for audits. Default 0 (none). */
  journal?: number;
}

/** One operation as the journal records it (see scripts.ts for the fields of each `op`). */
export interface ClaimJournalEntry {
  seq: number;
  op: 'settle' | 'release' | 'take' | 'renew' | 'replace-flow' | 'replace-all';
  now: number;
  [field: string]: unknown;
}

/**
 * An {@link AsyncClaimStore} on Redis, with what a game's tools need besides.
 *
 * @example
 * ```ts
 * const claims = createRedisClaimStore({ redis, bundle, namespace: 'eu-1' });
 * claims.prefix; // 'storylet:{eu-1:3f2a...}:'
 * ```
 */
export interface RedisClaimStore extends AsyncClaimStore {
  readonly leaseMs: number;
  readonly bundle: string;
  /** Every key of this store starts with it. */
  readonly prefix: string;
  /** The journal, oldest first (empty unless `journal` was set). */
  journal(): Promise<ClaimJournalEntry[]>;
}

/**
 * Makes a claim store over the game's Redis. Give it to `createEngine` to deal shared cards
 * across processes: the engine's deals, peeks and plays then return promises.
 *
 * Throws `claims/bad-options` for options it cannot use.
 *
 * @example
 * ```ts
 * import Redis from 'ioredis';
 * import { createEngine } from 'storyletengine';
 * import { createRedisClaimStore, keepLeases } from 'storyletengine/redis';
 *
 * const redis = new Redis({ commandTimeout: 1000 });
 * const engine = createEngine(bundle, { seed: 'demo', claims: createRedisClaimStore({ redis, bundle }) });
 * const stop = keepLeases(engine);
 * const { dealt } = await engine.flow('alice').deal('cave');
 * ```
 */
export function createRedisClaimStore(options: RedisClaimStoreOptions): RedisClaimStore {
  const { redis, bundle } = checkOptions(options);
  const namespace = options.namespace ?? 'default';
  const leaseMs = options.leaseMs ?? 30_000;
  const journalLimit = options.journal ?? 0;
  const clock = options.clock;
  const prefix = `${options.keyPrefix ?? 'storylet:'}{${namespace}:${bundle.hash}}:`;
  const key = {
    seq: `${prefix}seq`,
    taken: `${prefix}taken`,
    flows: `${prefix}flows`,
    journal: `${prefix}journal`,
    held: (card: string) => `${prefix}held:${card}`,
    flow: (flow: string) => `${prefix}flow:${flow}`,
  };
  const sharedCards = bundle.cards.filter((c) => c.shared).map((c) => c.id);
  const now = (): string => (clock ? String(Math.floor(clock())) : '');
  const run = scriptRunner(redis);

  return {
    async: true,
    bundle: bundle.hash,
    leaseMs,
    prefix,

    async settle(request: AsyncSettleRequest): Promise<AsyncSettleResult> {
      const { holder, candidates } = request;
      const member = memberOf(holder);
      const shared: string[] = [];
      const keys = [key.seq, key.taken, key.flow(holder.flow), key.flows, key.journal];
      candidates.forEach((c, pos) => {
        if (c.limit === null) return;
        keys.push(key.held(c.card));
        shared.push(String(pos), c.card, String(c.limit), entryOf(c.card, member));
      });
      const args = [
        now(),
        String(leaseMs),
        String(journalLimit),
        holder.flow,
        holder.hand,
        member,
        String(request.fill),
        request.commit ? '1' : '0',
        String(candidates.length),
      ];
      args.push(String(request.oneShots.length), ...request.oneShots, String(shared.length / 4), ...shared);
      const reply = await run(SETTLE, keys, args);
      const elsewhere = candidates.map(() => false);
      for (const pos of list(reply.elsewhere)) elsewhere[pos as number] = true;
      return { elsewhere, picked: list(reply.picked) as number[], taken: list(reply.taken).map((t) => t === 1) };
    },

    async release(card, holder) {
      await releaseOrTake('release', card, holder);
    },

    async take(card, holder) {
      await releaseOrTake('take', card, holder);
    },

    async taken() {
      const members = await call(() => redis.smembers(key.taken));
      return members.sort(byCodeUnits);
    },

    async holders(card) {
      const members = (await call(() => run.raw(HOLDERS, [key.held(card)], [now()]))) as string[];
      return members.map(holderOf).sort((a, b) => byCodeUnits(a.flow, b.flow) || byCodeUnits(a.hand, b.hand));
    },

    async replaceFlow(flow, claims) {
      const reply = await replaceFlow(flow, claims, 'all');
      return reply.ok === 1;
    },

    async reclaimFlow(flow, claims) {
      const reply = await replaceFlow(flow, claims, 'fit');
      return list(reply.kept).map((k) => k === 1);
    },

    async replaceAll(taken, claims) {
      const counts = new Map<string, number>();
      for (const c of claims) {
        const n = (counts.get(c.card) ?? 0) + 1;
        if (n > c.limit) return false;
        counts.set(c.card, n);
      }
      const args = [
        now(),
        String(leaseMs),
        String(journalLimit),
        prefix,
        String(sharedCards.length),
        ...sharedCards,
        String(taken.length),
        ...taken,
        String(claims.length),
      ];
      for (const c of claims) {
        const member = memberOf(c);
        args.push(c.flow, c.card, member, entryOf(c.card, member));
      }
      await run(REPLACE_ALL, [key.seq, key.journal, key.flows, key.taken], args);
      return true;
    },

    async renew(claims: readonly HeldClaim[]) {
      if (claims.length === 0) return [];
      const args = [now(), String(leaseMs), String(journalLimit), prefix, String(claims.length)];
      for (const c of claims) {
        const member = memberOf(c);
        args.push(c.flow, c.card, member, entryOf(c.card, member), String(c.limit));
      }
      const reply = await run(RENEW, [key.seq, key.journal, key.flows], args);
      return list(reply.result).map((r) => r !== 0);
    },

    async journal() {
      const lines = await call(() => redis.lrange(key.journal, 0, -1));
      return lines.map((l) => JSON.parse(l) as ClaimJournalEntry);
    },
  };

  async function releaseOrTake(op: 'release' | 'take', card: string, holder: ClaimHolder): Promise<void> {
    const member = memberOf(holder);
    await run(
      RELEASE,
      [key.seq, key.held(card), key.flow(holder.flow), key.journal, key.taken],
      [now(), String(journalLimit), holder.flow, holder.hand, member, card, entryOf(card, member), op],
    );
  }

  async function replaceFlow(flow: string, claims: readonly FlowClaim[], mode: 'all' | 'fit'): Promise<Record<string, unknown>> {
    const args = [now(), String(leaseMs), String(journalLimit), prefix, flow, mode, String(claims.length)];
    for (const c of claims) {
      const member = memberOf({ flow, hand: c.hand });
      args.push(c.card, member, entryOf(c.card, member), String(c.limit));
    }
    return run(REPLACE_FLOW, [key.seq, key.journal, key.flows, key.flow(flow)], args);
  }
}

/** A holder as a set member: JSON, so no flow id or hand key can run into another. */
function memberOf(holder: ClaimHolder): string {
  return JSON.stringify([holder.flow, holder.hand]);
}

function holderOf(member: string): ClaimHolder {
  const [flow, hand] = JSON.parse(member) as [string, string];
  return { flow, hand };
}

/** A flow index entry: the card and the member that holds it. */
function entryOf(card: string, member: string): string {
  return JSON.stringify([card, member]);
}

/** Lua's cjson writes an empty list as `{}`. */
function list(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

type Runner = ((script: string, keys: string[], args: string[]) => Promise<Record<string, unknown>>) & {
  raw: (script: string, keys: string[], args: string[]) => Promise<unknown>;
};

/**
 * Runs scripts by their SHA1 (EVALSHA); when Redis does not have one cached (NOSCRIPT), sends it
 * with EVAL, which caches it for the next call.
 */
function scriptRunner(redis: RedisClient): Runner {
  const shas = new Map<string, string>();
  const raw = async (script: string, keys: string[], args: string[]): Promise<unknown> => {
    let sha = shas.get(script);
    if (!sha) shas.set(script, (sha = createHash('sha1').update(script).digest('hex')));
    try {
      return await redis.evalsha(sha, keys.length, ...keys, ...args);
    } catch (err) {
      if (!(err instanceof Error) || !err.message.startsWith('NOSCRIPT')) throw err;
      return redis.eval(script, keys.length, ...keys, ...args);
    }
  };
  const run = (async (script, keys, args) => {
    const reply = await call(() => raw(script, keys, args));
    if (typeof reply !== 'string') throw refused(`a script answered ${JSON.stringify(reply)}, not JSON`);
    try {
      return JSON.parse(reply) as Record<string, unknown>;
    } catch {
      throw refused(`a script answered ${JSON.stringify(reply)}, not JSON`);
    }
  }) as Runner;
  run.raw = raw;
  return run;
}

/**
 * Calls Redis; an error Redis answered with is `claims/refused`, no answer at all (connection,
 * timeout) is `claims/unavailable`. Either way the caller changes nothing of its own.
 */
async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof StoryletError) throw err;
    const message = err instanceof Error ? err.message : String(err);
    if (err instanceof Error && err.name === 'ReplyError') throw refused(message);
    throw new StoryletError('claims/unavailable', `Redis did not answer (${message}); nothing was changed in this flow. Retry the call once Redis is back`, {
      cause: message,
    });
  }
}

function refused(message: string): StoryletError {
  return new StoryletError('claims/refused', `Redis refused a claim operation (${message}); nothing was changed in this flow`, { cause: message });
}

function checkOptions(options: RedisClaimStoreOptions): RedisClaimStoreOptions {
  const bad = (problem: string): never => {
    throw new StoryletError('claims/bad-options', `createRedisClaimStore: ${problem}`, { problem });
  };
  if (typeof options !== 'object' || options === null) bad('pass { redis, bundle }');
  if (typeof options.redis !== 'object' || options.redis === null || typeof options.redis.evalsha !== 'function')
    bad('redis must be an ioredis client (new Redis(...))');
  const b = options.bundle as Partial<Bundle> | undefined;
  if (typeof b !== 'object' || b === null || typeof b.hash !== 'string' || !Array.isArray(b.cards)) bad('bundle must be the bundle publish() returned');
  if (options.namespace !== undefined && (typeof options.namespace !== 'string' || options.namespace === '' || /[{}]/.test(options.namespace))) {
    bad(`namespace must be a non-empty string without { or }; got ${JSON.stringify(options.namespace)}`);
  }
  if (options.keyPrefix !== undefined && (typeof options.keyPrefix !== 'string' || /[{}]/.test(options.keyPrefix)))
    bad(`keyPrefix must be a string without { or }; got ${JSON.stringify(options.keyPrefix)}`);
  if (options.leaseMs !== undefined && (!Number.isSafeInteger(options.leaseMs) || options.leaseMs < 1))
    bad(`leaseMs must be a whole number of ms >= 1; got ${JSON.stringify(options.leaseMs)}`);
  if (options.journal !== undefined && (!Number.isSafeInteger(options.journal) || options.journal < 0))
    bad(`journal must be a whole number >= 0; got ${JSON.stringify(options.journal)}`);
  if (options.clock !== undefined && typeof options.clock !== 'function') bad('clock must be a function returning ms');
  return options;
}

function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
