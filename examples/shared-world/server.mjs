// One server process of the shared world. Run several, on different ports, against one Redis and
// one SQLite file: they serve the same world. Each player's flow (their playthrough) is loaded from
// SQLite on their first request to this process, saved after every move; shared claims (the goblin,
// the golden tickets) are settled in Redis, so every process sees the same world.
//
//   PORT=7401 REDIS_URL=redis://127.0.0.1:6379 SAVES=saves.db node examples/shared-world/server.mjs
//
// Environment: PORT (default 0: a free port), REDIS_URL, SAVES (the SQLite file), WORLD (the
// namespace, default `shared-world`), LEASE_MS (default 30000; renewed every third of it), NAME
// (this server's name in replies). It listens on 127.0.0.1 only and prints its URL when ready.
//
// The protocol (version 1): POST a JSON object to /deal { player, hand }, /play { player, hand,
// card } or /leave { player }. Replies are { v: 1, server, ... } built here field by field (never
// the engine's own objects); refused requests get { v: 1, error: { code, message } } and a 4xx.
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { createEngine, formatDiagnostic, publish } from 'storyletengine';
import { createRedisClaimStore, keepLeases } from 'storyletengine/redis';
import { createSqliteFlowStore } from 'storyletengine/sqlite';

const env = process.env;
const NAME = env.NAME ?? `server-${process.pid}`;
const LEASE_MS = Number(env.LEASE_MS ?? 30_000);
const WORLD = env.WORLD ?? 'shared-world';

const result = await publish({ dir: join(dirname(fileURLToPath(import.meta.url)), 'content') });
for (const d of result.diagnostics) console.error(formatDiagnostic(d, result.sources));
if (!result.ok) process.exit(1);
const bundle = result.bundle;

// A command timeout, so a deal fails (claims/unavailable) rather than hangs when Redis is away.
const redis = new Redis(env.REDIS_URL ?? 'redis://127.0.0.1:6379', { commandTimeout: 2000, maxRetriesPerRequest: 1 });
const engine = createEngine(bundle, {
  seed: WORLD,
  claims: createRedisClaimStore({ redis, bundle, namespace: WORLD, leaseMs: LEASE_MS }),
  flows: createSqliteFlowStore({ file: env.SAVES ?? 'saves.db', namespace: WORLD }),
});
const stopLeases = keepLeases(engine, { everyMs: Math.max(1, Math.floor(LEASE_MS / 3)), onLost: (lost) => console.warn(`${NAME}: lost`, lost) });

/** The players this process has loaded: their first request loads their save (or starts afresh). */
const players = new Map();
function playerFlow(id) {
  if (!players.has(id)) {
    const loading = engine.loadFlow(id).then(
      ({ flow, dropped }) => ({ flow, dropped: dropped.map((d) => ({ card: d.card, hand: d.hand })) }),
      (err) => {
        if (err?.code !== 'flow/not-saved') throw err;
        return { flow: engine.flow(id), dropped: [] };
      },
    );
    players.set(id, loading);
    loading.catch(() => players.delete(id));
  }
  return players.get(id);
}

class Refused extends Error {
  constructor(code, message, status = 400) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

/** Every inbound message is checked here, field by field, before anything reads it. */
function parse(path, body) {
  const shapes = { '/deal': ['player', 'hand'], '/play': ['player', 'hand', 'card'], '/leave': ['player'] };
  const fields = shapes[path];
  if (!fields) throw new Refused('protocol/unknown-path', `no such request ${path}; send /deal, /play or /leave`, 404);
  let msg;
  try {
    msg = JSON.parse(body);
  } catch {
    throw new Refused('protocol/bad-json', `${path}: the body is not JSON`);
  }
  if (typeof msg !== 'object' || msg === null || Array.isArray(msg)) throw new Refused('protocol/bad-message', `${path}: send a JSON object`);
  const extra = Object.keys(msg).filter((k) => !fields.includes(k));
  if (extra.length) throw new Refused('protocol/bad-message', `${path}: unknown field ${extra[0]}; it takes ${fields.join(', ')}`);
  for (const f of fields) {
    if (typeof msg[f] !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(msg[f]))
      throw new Refused('protocol/bad-message', `${path}: ${f} must be an id (letters, digits, _ and -, 1 to 64)`);
  }
  return msg;
}

const cardsOut = (cards) => cards.map((c) => ({ id: c.id, title: c.title ?? c.id }));

async function answer(path, msg) {
  const player = await playerFlow(msg.player);
  const { flow, dropped } = player;
  player.dropped = []; // told once, in the first reply after the load
  const base = { v: 1, server: NAME, player: msg.player };
  if (path === '/deal') {
    const { cards, dealt, trace } = await flow.deal(msg.hand);
    await engine.saveFlow(msg.player);
    // Only the player's own hand and each card's verdict: what other players hold is not sent.
    const verdicts = Object.fromEntries(trace.cards.filter((c) => c.verdict !== 'tags').map((c) => [c.id, c.verdict]));
    return { ...base, hand: msg.hand, cards: cardsOut(cards), dealt: dealt.map((c) => c.id), verdicts, dropped };
  }
  if (path === '/play') {
    await flow.play(msg.card, { hand: msg.hand });
    await engine.saveFlow(msg.player);
    return { ...base, played: msg.card, hand: msg.hand, cards: cardsOut(flow.hand(msg.hand)) };
  }
  // Leaving: the save stays; the shared cards go back to the world now, not at the lease's end.
  await engine.saveFlow(msg.player);
  await engine.removeFlow(msg.player);
  players.delete(msg.player);
  return { ...base, left: true };
}

const server = createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (d) => {
    body += d;
    if (body.length > 10_000) req.destroy();
  });
  req.on('end', () => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const reply = (status, value) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    if (req.method !== 'POST') return reply(405, { v: 1, error: { code: 'protocol/method', message: 'send POST with a JSON body' } });
    Promise.resolve()
      .then(() => answer(path, parse(path, body)))
      .then(
        (value) => reply(200, value),
        (err) => {
          // The engine's own refusals (an unknown hand, a card not in the hand) carry a stable code.
          const status =
            err instanceof Refused ? err.status : err?.code?.startsWith('claims/') || err?.code?.startsWith('flows/') ? 503 : err?.code ? 400 : 500;
          reply(status, { v: 1, error: { code: err?.code ?? 'server/internal', message: String(err?.message ?? err) } });
        },
      );
  });
});

server.listen(Number(env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`${NAME}: the shared world on http://127.0.0.1:${server.address().port}/`);
});

const shutdown = () => {
  stopLeases();
  server.close();
  redis.disconnect();
};
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);
