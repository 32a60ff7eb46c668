--[[
  Shared helpers: the shapes of live event kinds (lib/live-events/kinds.ts). A kind is one sorted
  set per project, member id -> time (ms), and one window; members carry their details in a hash
  shared by the kinds one write feeds. Readers filter by score, so an expired member still stored
  is never counted nor shown; writes prune.

  recordMember(zset, id, now, window)   ZADD, and the set expires a window after its last member
  pruneExpired(zset, cutoff, details, siblings, extra) -> how many were removed
    Removes the oldest members scored at or before `cutoff`, at most PRUNE_BATCH (+ `extra`), and
    each one's field in `details` unless a `siblings` zset (one key, or a list of keys: the other
    kinds sharing `details`) still holds it. `details`, `siblings` may be nil. The batch bounds every script's work whatever piled up: after a burst and a lull
    the backlog leaves a batch per write, and an idle project loses its keys whole to their TTL.
    `extra` lets a write that adds many at once (an import) remove as many as it adds.
  countSince(zset, cutoff) -> members inside the window ending at `cutoff` (exact, pruned or not)
  oldestTimes(zset, cutoff, limit) -> {at, ...}   a counter's snapshot: times to count down
  newestMembers(zset, details, cutoff, limit) -> {id, at, details JSON, ...}   a list's snapshot
]]
local PRUNE_BATCH = 500

local function recordMember(zset, id, now, window)
  redis.call('ZADD', zset, now, id)
  redis.call('PEXPIRE', zset, window)
end

local function heldByAny(siblings, member)
  if type(siblings) == 'string' then siblings = { siblings } end
  for _, sibling in ipairs(siblings or {}) do
    if redis.call('ZSCORE', sibling, member) then return true end
  end
  return false
end

local function pruneExpired(zset, cutoff, details, siblings, extra)
  local expired = redis.call('ZRANGE', zset, '-inf', cutoff, 'BYSCORE', 'LIMIT', 0, PRUNE_BATCH + (extra or 0))
  if #expired == 0 then return 0 end
  -- unpack() is limited by Lua's stack, so remove in slices.
  for first = 1, #expired, 1000 do
    local slice = { unpack(expired, first, math.min(first + 999, #expired)) }
    redis.call('ZREM', zset, unpack(slice))
    if details then
      for _, member in ipairs(slice) do
        if not heldByAny(siblings, member) then
          redis.call('HDEL', details, member)
        end
      end
    end
  end
  return #expired
end

local function countSince(zset, cutoff)
  return redis.call('ZCOUNT', zset, '(' .. cutoff, '+inf')
end

local function oldestTimes(zset, cutoff, limit)
  local oldest = redis.call('ZRANGE', zset, '(' .. cutoff, '+inf', 'BYSCORE', 'LIMIT', 0, limit, 'WITHSCORES')
  local times = {}
  for i = 2, #oldest, 2 do times[#times + 1] = oldest[i] end
  return times
end

local function newestMembers(zset, details, cutoff, limit)
  local entries = redis.call('ZRANGE', zset, '+inf', '(' .. cutoff, 'BYSCORE', 'REV', 'LIMIT', 0, limit, 'WITHSCORES')
  local ids = {}
  for i = 1, #entries, 2 do ids[#ids + 1] = entries[i] end
  if #ids == 0 then return {} end
  local stored = redis.call('HMGET', details, unpack(ids))
  local flat = {}
  for i, id in ipairs(ids) do
    if stored[i] then
      flat[#flat + 1] = id
      flat[#flat + 1] = entries[i * 2]
      flat[#flat + 1] = stored[i]
    end
  end
  return flat
end
