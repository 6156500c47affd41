/**
 * `storyletengine/redis`: shared claims across processes on the game's Redis. See
 * docs/scaling.md.
 *
 * **API boundary:** everything users may import from this entry is exported here.
 *
 * @example
 * ```ts
 * import Redis from 'ioredis';
 * import { createEngine } from 'storyletengine';
 * import { createRedisClaimStore, keepLeases } from 'storyletengine/redis';
 *
 * const claims = createRedisClaimStore({ redis: new Redis({ commandTimeout: 1000 }), bundle });
 * const engine = createEngine(bundle, { seed: 'demo', claims });
 * keepLeases(engine);
 * await engine.flow('alice').deal('cave');
 * ```
 *
 * @packageDocumentation
 * @module storyletengine/redis
 */
export { createRedisClaimStore } from './claims.js';
export type { RedisClaimStore, RedisClaimStoreOptions, RedisClient, ClaimJournalEntry } from './claims.js';
export { keepLeases } from './leases.js';
export type { KeepLeasesOptions } from './leases.js';
