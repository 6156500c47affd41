/**
 * The Lua scripts of the Redis claim store. Each one is a whole store operation: Redis runs a
 * script with nothing else in between, so a deal's check-and-claim of every shared card is one
 * atomic step and one round trip (docs/scaling.md, "Why a Lua script").
 *
 * Keys (all under one prefix with a `{hash tag}`, so they share a Cluster slot):
 * - `seq`: a counter bumped by every operation; journal entries are ordered by it.
 * - `taken`: a set of the shared one-shots taken out of the world.
 * - `held:<card>`: a sorted set; member = the holder `["flow","hand"]` (JSON), score = the lease's
 *   expiry in ms. A member whose expiry is at or before now has lapsed: it counts for nobody and
 *   the next operation that looks at the card removes it.
 * - `flow:<flow>`: a set of `["card","<member>"]` (JSON): what the flow holds, so a flow's claims
 *   can be replaced at once. May list lapsed claims; removing a missing member is harmless.
 * - `flows`: the flows with an index.
 * - `journal`: a bounded list of operations (JSON), when the store keeps one.
 *
 * Keys given in KEYS are the fixed ones; per-card and per-flow names are built from the prefix
 * inside the script, as they depend on what the script reads.
 *
 * Time is Redis's own (`TIME`, in ms) unless the caller passes a clock reading: no process clock
 * decides a lease.
 */

const PRELUDE = `
local function clock(arg)
  if arg ~= nil and arg ~= '' then return tonumber(arg) end
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
local function journal(key, limit, entry)
  if limit > 0 then
    redis.call('RPUSH', key, cjson.encode(entry))
    redis.call('LTRIM', key, -limit, -1)
  end
end
-- Removes the card's lapsed claims (expiry <= now) and lists them as {card, member}.
local function purge(key, card, now, into)
  local gone = redis.call('ZRANGEBYSCORE', key, '-inf', now)
  if #gone > 0 then
    redis.call('ZREMRANGEBYSCORE', key, '-inf', now)
    for _, m in ipairs(gone) do into[#into + 1] = {card, m} end
  end
end
`;

/**
 * A deal's or peek's shared claims, in one step. Walks the candidates in rank order: a taken
 * one-shot is out; a shared card whose live holders other than this one number `limit` is out
 * everywhere (claimed-elsewhere); the first `fill` of the rest are picked and, for a deal,
 * claimed with a fresh lease. Non-shared candidates are sent only as positions between the shared
 * ones: they always have room.
 *
 * KEYS: seq, taken, flow index, flows, journal, held key of each shared candidate.
 * ARGV: now, lease, journal limit, flow, hand, member, fill, commit, candidate count,
 *       one-shot count, one-shots..., shared count, then per shared candidate: position, card,
 *       limit, index entry.
 */
export const SETTLE = `${PRELUDE}
local now = clock(ARGV[1])
local lease = tonumber(ARGV[2])
local jlimit = tonumber(ARGV[3])
local flow, hand, member = ARGV[4], ARGV[5], ARGV[6]
local fill = tonumber(ARGV[7])
local commit = ARGV[8] == '1'
local ncand = tonumber(ARGV[9])
local seq = redis.call('INCR', KEYS[1])
local i = 10
local none = tonumber(ARGV[i])
local takenflags, gone = {}, {}
for k = 1, none do
  local card = ARGV[i + k]
  local t = redis.call('SISMEMBER', KEYS[2], card)
  takenflags[k] = t
  if t == 1 then gone[card] = true end
end
i = i + none + 1
local nshared = tonumber(ARGV[i])
i = i + 1
local picked, elsewhere, claims, purged, checked = {}, {}, {}, {}, {}
local npicked, nextpos = 0, 0
local function upto(pos)
  while nextpos < pos do
    if npicked < fill then
      npicked = npicked + 1
      picked[npicked] = nextpos
    end
    nextpos = nextpos + 1
  end
end
for k = 1, nshared do
  local pos, card, limit, entry = tonumber(ARGV[i]), ARGV[i + 1], tonumber(ARGV[i + 2]), ARGV[i + 3]
  i = i + 4
  upto(pos)
  nextpos = pos + 1
  if gone[card] then
    checked[#checked + 1] = {card, limit, -1, 'taken'}
  else
    local key = KEYS[5 + k]
    purge(key, card, now, purged)
    local n = redis.call('ZCARD', key)
    if redis.call('ZSCORE', key, member) then n = n - 1 end
    if n >= limit then
      elsewhere[#elsewhere + 1] = pos
      checked[#checked + 1] = {card, limit, n, 'elsewhere'}
    elseif npicked < fill then
      npicked = npicked + 1
      picked[npicked] = pos
      claims[#claims + 1] = {key, card, entry}
      checked[#checked + 1] = {card, limit, n, 'picked'}
    else
      checked[#checked + 1] = {card, limit, n, 'room'}
    end
  end
end
upto(ncand)
local until_ = now + lease
if commit and #claims > 0 then
  for _, c in ipairs(claims) do
    redis.call('ZADD', c[1], until_, member)
    redis.call('SADD', KEYS[3], c[3])
  end
  redis.call('SADD', KEYS[4], flow)
end
journal(KEYS[5], jlimit, {seq = seq, op = 'settle', now = now, ['until'] = until_, flow = flow, hand = hand, member = member, commit = commit, fill = fill, checked = checked, purged = purged})
return cjson.encode({seq = seq, taken = takenflags, elsewhere = elsewhere, picked = picked})
`;

/**
 * Gives back one held copy; `take` also puts the card in the taken set.
 *
 * KEYS: seq, held key, flow index, journal, taken (take only).
 * ARGV: now, journal limit, flow, hand, member, card, index entry, op ('release' | 'take').
 */
export const RELEASE = `${PRELUDE}
local now = clock(ARGV[1])
local seq = redis.call('INCR', KEYS[1])
local removed = redis.call('ZREM', KEYS[2], ARGV[5])
redis.call('SREM', KEYS[3], ARGV[7])
if ARGV[8] == 'take' then redis.call('SADD', KEYS[5], ARGV[6]) end
journal(KEYS[4], tonumber(ARGV[2]), {seq = seq, op = ARGV[8], now = now, flow = ARGV[3], hand = ARGV[4], member = ARGV[5], card = ARGV[6], removed = removed})
return cjson.encode({seq = seq})
`;

/**
 * Renews the leases of claims their holders still hold. A claim still in the set (even past its
 * expiry: nobody has counted it out, since counting removes lapsed claims first) gets a fresh
 * lease; a claim that is gone is taken again if the card has room; otherwise it is lost.
 *
 * KEYS: seq, journal, flows.
 * ARGV: now, lease, journal limit, prefix, count, then per claim: flow, card, member, entry, limit.
 * Result per claim: 1 renewed, 2 taken again, 0 lost.
 */
export const RENEW = `${PRELUDE}
local now = clock(ARGV[1])
local until_ = now + tonumber(ARGV[2])
local prefix = ARGV[4]
local n = tonumber(ARGV[5])
local seq = redis.call('INCR', KEYS[1])
local result, purged, renewed = {}, {}, {}
local i = 6
for k = 1, n do
  local flow, card, member, entry, limit = ARGV[i], ARGV[i + 1], ARGV[i + 2], ARGV[i + 3], tonumber(ARGV[i + 4])
  i = i + 5
  local key = prefix .. 'held:' .. card
  if redis.call('ZSCORE', key, member) then
    redis.call('ZADD', key, until_, member)
    result[k] = 1
  else
    purge(key, card, now, purged)
    if redis.call('ZCARD', key) < limit then
      redis.call('ZADD', key, until_, member)
      redis.call('SADD', prefix .. 'flow:' .. flow, entry)
      redis.call('SADD', KEYS[3], flow)
      result[k] = 2
    else
      result[k] = 0
    end
  end
  renewed[k] = {card, member, result[k]}
end
journal(KEYS[2], tonumber(ARGV[3]), {seq = seq, op = 'renew', now = now, ['until'] = until_, claims = renewed, purged = purged})
return cjson.encode({seq = seq, result = result})
`;

/**
 * Replaces what one flow holds. Mode 'all': every listed claim, or nothing. Mode 'fit': those
 * that fit, in order (loading a saved flow into a live world). The flow's current claims do not
 * count against the new ones.
 *
 * KEYS: seq, journal, flows, flow index.
 * ARGV: now, lease, journal limit, prefix, flow, mode, count, then per claim: card, member,
 *       entry, limit.
 */
export const REPLACE_FLOW = `${PRELUDE}
local now = clock(ARGV[1])
local until_ = now + tonumber(ARGV[2])
local prefix, flow, mode = ARGV[4], ARGV[5], ARGV[6]
local n = tonumber(ARGV[7])
local seq = redis.call('INCR', KEYS[1])
local old = redis.call('SMEMBERS', KEYS[4])
local mine = {}
for _, e in ipairs(old) do
  local d = cjson.decode(e)
  mine[d[1]] = mine[d[1]] or {}
  table.insert(mine[d[1]], d[2])
end
local count, kept, purged, refused = {}, {}, {}, false
local i = 8
for k = 1, n do
  local card, limit = ARGV[i], tonumber(ARGV[i + 3])
  i = i + 4
  if count[card] == nil then
    local key = prefix .. 'held:' .. card
    purge(key, card, now, purged)
    local c = redis.call('ZCARD', key)
    for _, m in ipairs(mine[card] or {}) do
      if redis.call('ZSCORE', key, m) then c = c - 1 end
    end
    count[card] = c
  end
  if count[card] < limit then
    count[card] = count[card] + 1
    kept[k] = 1
  else
    kept[k] = 0
    refused = true
  end
end
if mode == 'all' and refused then
  journal(KEYS[2], tonumber(ARGV[3]), {seq = seq, op = 'replace-flow', now = now, flow = flow, mode = mode, ok = false, purged = purged})
  return cjson.encode({seq = seq, ok = 0, kept = kept})
end
local removed, added = {}, {}
for _, e in ipairs(old) do
  local d = cjson.decode(e)
  if redis.call('ZREM', prefix .. 'held:' .. d[1], d[2]) == 1 then removed[#removed + 1] = {d[1], d[2]} end
end
redis.call('DEL', KEYS[4])
i = 8
local any = false
for k = 1, n do
  local card, member, entry = ARGV[i], ARGV[i + 1], ARGV[i + 2]
  i = i + 4
  if kept[k] == 1 then
    redis.call('ZADD', prefix .. 'held:' .. card, until_, member)
    redis.call('SADD', KEYS[4], entry)
    added[#added + 1] = {card, member}
    any = true
  end
end
if any then redis.call('SADD', KEYS[3], flow) else redis.call('SREM', KEYS[3], flow) end
journal(KEYS[2], tonumber(ARGV[3]), {seq = seq, op = 'replace-flow', now = now, ['until'] = until_, flow = flow, mode = mode, ok = true, removed = removed, added = added, purged = purged})
return cjson.encode({seq = seq, ok = 1, kept = kept})
`;

/**
 * Replaces the whole shared state of the namespace: every flow's claims and the taken set. The
 * caller has checked the limits (they depend on the new claims only).
 *
 * KEYS: seq, journal, flows, taken.
 * ARGV: now, lease, journal limit, prefix, shared card count, shared cards..., taken count,
 *       taken..., claim count, then per claim: flow, card, member, entry.
 */
export const REPLACE_ALL = `${PRELUDE}
local now = clock(ARGV[1])
local until_ = now + tonumber(ARGV[2])
local prefix = ARGV[4]
local seq = redis.call('INCR', KEYS[1])
for _, f in ipairs(redis.call('SMEMBERS', KEYS[3])) do redis.call('DEL', prefix .. 'flow:' .. f) end
redis.call('DEL', KEYS[3], KEYS[4])
local i = 5
local ncards = tonumber(ARGV[i])
for k = 1, ncards do redis.call('DEL', prefix .. 'held:' .. ARGV[i + k]) end
i = i + ncards + 1
local ntaken = tonumber(ARGV[i])
for k = 1, ntaken do redis.call('SADD', KEYS[4], ARGV[i + k]) end
i = i + ntaken + 1
local n = tonumber(ARGV[i])
i = i + 1
local added = {}
for k = 1, n do
  local flow, card, member, entry = ARGV[i], ARGV[i + 1], ARGV[i + 2], ARGV[i + 3]
  i = i + 4
  redis.call('ZADD', prefix .. 'held:' .. card, until_, member)
  redis.call('SADD', prefix .. 'flow:' .. flow, entry)
  redis.call('SADD', KEYS[3], flow)
  added[#added + 1] = {card, member}
end
journal(KEYS[2], tonumber(ARGV[3]), {seq = seq, op = 'replace-all', now = now, ['until'] = until_, added = added})
return cjson.encode({seq = seq})
`;

/**
 * The live holders of one card (lapsed ones are not listed). Read-only.
 *
 * KEYS: held key. ARGV: now.
 */
export const HOLDERS = `${PRELUDE}
local now = clock(ARGV[1])
return redis.call('ZRANGEBYSCORE', KEYS[1], '(' .. now, '+inf')
`;
