--[[
  Shared helpers for capped, newest-first timelines (Redis lists), included by the scripts that
  write one together with the rest of their change, so a push is never an extra round trip.

  Trim hysteresis (the seed's variant): LPUSH already answers the list's length, so the list is
  cut back to `cap` only when that length reaches `cap + slack`. One LTRIM per `slack` pushes,
  and the list always holds between `cap` and `cap + slack - 1` entries once it is full.

  timelinePush(list, seqHash, seqField, entry, cap, slack, ttl) -> seq
    Stamps the table `entry` with the timeline's next sequence number (HINCRBY seqHash seqField),
    pushes it as JSON, trims, and refreshes the list's TTL (ttl ms; 0 keeps none).
    Sequence numbers only grow, so they are the cursor readers page with (read-page.lua).

  timelineRemove(list, matches) -> removed (0 or 1)
    Removes the first entry, from the head, whose decoded table satisfies `matches`. Recent
    entries are the ones people remove; LREM with count 1 stops at that entry's position.

  timelinePushId(list, id, cap, slack, ttl) -> length
    The normalized variant: the list holds ids and each event lives in its own key. An id
    already in the list moves to the head (LREM bounded by the list's own small length).
]]
local function timelineTrim(list, length, cap, slack)
  if length >= cap + slack then
    redis.call('LTRIM', list, 0, cap - 1)
    return cap
  end
  return length
end

local function timelinePush(list, seqHash, seqField, entry, cap, slack, ttl)
  entry.seq = redis.call('HINCRBY', seqHash, seqField, 1)
  timelineTrim(list, redis.call('LPUSH', list, cjson.encode(entry)), cap, slack)
  if ttl > 0 then redis.call('PEXPIRE', list, ttl) end
  return entry.seq
end

local function timelineRemove(list, matches)
  for _, encoded in ipairs(redis.call('LRANGE', list, 0, -1)) do
    if matches(cjson.decode(encoded)) then return redis.call('LREM', list, 1, encoded) end
  end
  return 0
end

local function timelinePushId(list, id, cap, slack, ttl)
  redis.call('LREM', list, 1, id)
  local length = timelineTrim(list, redis.call('LPUSH', list, id), cap, slack)
  if ttl > 0 then redis.call('PEXPIRE', list, ttl) end
  return length
end
