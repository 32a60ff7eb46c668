--[[
  Claims the folds that are due, in one step, so that pollers on any number of instances never
  race: the ZRANGE-then-ZREM of "Reducing System Load With Event Folding" lets two pollers publish one group twice, and loses a field
  added between reading the set and deleting it. Here reading and deleting are one step.

  A group is due when quiet for the window (last + window <= now) or pending for the maximum
  wait (first + maxWait <= now). Claiming removes it from the pending sets and moves its fields
  into a fold hash under an idempotency key `group:sequence`; an event arriving afterwards starts
  a new group, so it lands in the next fold. The fold then waits in `claimed` under a lease until
  ack-fold.lua; a fold whose lease ended unacknowledged (its poller died) is delivered again here,
  with the same key, before anything new.

  KEYS[1] lastEvent  pending groups by last event   KEYS[2] firstEvent  pending groups by first event
  KEYS[3] eventsPerGroup  events per pending group   KEYS[4] recentlyClaimed  groups (zset group -> ms)
  KEYS[5] claimed  folds (zset key -> lease expiry)   KEYS[6] counters  (hash)
  KEYS[7] fieldsPrefix  of a group's fields (set or hash at prefix..group)
  KEYS[8] foldPrefix  of a fold's hash (at prefix..key); both prefixes in the shard's slot
  KEYS[9] pollerLease  the shard's (string: the holding poller's id, with a TTL)
  ARGV[1] now  (ms)   ARGV[2] window   ARGV[3] maxWait   ARGV[4] lease  (ms)   ARGV[5] batch  at most this many folds
  ARGV[6] merge  union | latest | sum
  ARGV[7] poller  this poller's id ('' claims without a lease)   ARGV[8] pollerTtl  poller lease (ms)

  One poller at a time polls a shard: the first to claim takes the shard's lease, each claim of
  its renews it, and a poller that stopped loses it when it runs out, to the next that asks.

  Returns {nextDueAt, fold, fold, ...}; each fold is {key, group, fields (JSON), firstAt, lastAt,
  events, dueAt, deliveries}. nextDueAt is when the next group or lease falls due (-1: never).
  Returns {-2, ms} when another poller holds the shard's lease for ms more.
]]
local last, first, perGroup, recent, claimed, counters = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6]
local fieldsPrefix, foldPrefix = KEYS[7], KEYS[8]
local now, window, maxWait = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local lease, limit, merge = tonumber(ARGV[4]), tonumber(ARGV[5]), ARGV[6]
local FIELDS = { 'key', 'group', 'fields', 'firstAt', 'lastAt', 'events', 'dueAt', 'deliveries' }

local pollerLease, poller = KEYS[9], ARGV[7]
if poller ~= '' then
  local holder = redis.call('GET', pollerLease)
  if holder and holder ~= poller then return { -2, redis.call('PTTL', pollerLease) } end
  redis.call('SET', pollerLease, poller, 'PX', ARGV[8])
end

local reply = { -1 }
local function deliver(foldHash)
  reply[#reply + 1] = redis.call('HMGET', foldHash, unpack(FIELDS))
end

for _, key in ipairs(redis.call('ZRANGEBYSCORE', claimed, '-inf', now, 'LIMIT', 0, limit)) do
  redis.call('ZADD', claimed, now + lease, key)
  redis.call('HINCRBY', foldPrefix .. key, 'deliveries', 1)
  redis.call('HINCRBY', counters, 'redelivered', 1)
  deliver(foldPrefix .. key)
end

local function readFields(fieldsKey)
  if merge == 'union' then
    local names = redis.call('SMEMBERS', fieldsKey)
    if #names == 0 then return '[]' end
    table.sort(names)
    return cjson.encode(names)
  end
  local values, flat = {}, redis.call('HGETALL', fieldsKey)
  if #flat == 0 then return '{}' end
  -- The stored strings, not Lua numbers: cjson would print those with 14 significant digits.
  for i = 1, #flat, 2 do values[flat[i]] = flat[i + 1] end
  return cjson.encode(values)
end

local function claim(group)
  local lastAt = tonumber(redis.call('ZSCORE', last, group))
  local firstAt = tonumber(redis.call('ZSCORE', first, group)) or lastAt
  local fieldsKey = fieldsPrefix .. group
  local key = group .. ':' .. redis.call('HINCRBY', counters, 'sequence', 1)
  redis.call('HSET', foldPrefix .. key,
    'key', key, 'group', group, 'fields', readFields(fieldsKey),
    'firstAt', firstAt, 'lastAt', lastAt, 'events', redis.call('HGET', perGroup, group) or '0',
    'dueAt', math.min(lastAt + window, firstAt + maxWait), 'claimedAt', now, 'deliveries', 1)
  redis.call('DEL', fieldsKey)
  redis.call('ZREM', last, group)
  redis.call('ZREM', first, group)
  redis.call('HDEL', perGroup, group)
  redis.call('ZADD', recent, now, group)
  redis.call('ZADD', claimed, now + lease, key)
  deliver(foldPrefix .. key)
end

local room = limit - (#reply - 1)
if room > 0 then
  local quiet = redis.call('ZRANGEBYSCORE', last, '-inf', now - window, 'LIMIT', 0, room)
  local overdue = redis.call('ZRANGEBYSCORE', first, '-inf', now - maxWait, 'LIMIT', 0, room)
  local claimedNow = {}
  for _, batch in ipairs({ quiet, overdue }) do
    for _, group in ipairs(batch) do
      if room > 0 and not claimedNow[group] then
        claimedNow[group] = true
        claim(group)
        room = room - 1
      end
    end
  end
end

-- "Recently claimed" only matters for one window (fake-new counting): keep it that small. A call
-- adds at most `limit` groups to it, so dropping up to twice that many keeps it draining while
-- bounding the work of any one call.
local stale = redis.call('ZRANGE', recent, '-inf', now - window, 'BYSCORE', 'LIMIT', 0, 2 * limit)
if #stale > 0 then redis.call('ZREM', recent, unpack(stale)) end

local function earliest(zset, offset)
  local head = redis.call('ZRANGE', zset, 0, 0, 'WITHSCORES')
  if #head == 0 then return nil end
  return tonumber(head[2]) + offset
end
for _, due in ipairs({ earliest(last, window) or -1, earliest(first, maxWait) or -1, earliest(claimed, 0) or -1 }) do
  if due >= 0 and (reply[1] < 0 or due < reply[1]) then reply[1] = due end
end
return reply
