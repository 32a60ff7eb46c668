--[[
  Shared helper, included by the live-event scripts.

  pruneExpired(zset, cutoff, details, sibling, extra): removes the oldest members of `zset`
  scored at or before `cutoff` (ms), at most PRUNE_BATCH of them (plus `extra`, see below), and,
  for each, its field in the `details` hash unless the `sibling` zset still holds it
  (contributions and contributors share one details hash). `details` and `sibling` may be nil.
  Returns how many members were removed.

  The batch keeps every script's work bounded whatever piled up: after a burst and a lull the
  backlog leaves a batch per write, oldest first, and a project with no writes loses its keys
  whole to their TTL. Readers filter by score, so an expired member still stored is never
  counted nor shown. `extra` lets a write that adds many members at once (an import) remove as
  many as it adds, so the backlog cannot grow faster than it drains.
]]
local PRUNE_BATCH = 500

local function pruneExpired(zset, cutoff, details, sibling, extra)
  local expired = redis.call('ZRANGE', zset, '-inf', cutoff, 'BYSCORE', 'LIMIT', 0, PRUNE_BATCH + (extra or 0))
  if #expired == 0 then return 0 end
  -- unpack() is limited by Lua's stack, so remove in slices.
  for first = 1, #expired, 1000 do
    local slice = { unpack(expired, first, math.min(first + 999, #expired)) }
    redis.call('ZREM', zset, unpack(slice))
    if details then
      for _, member in ipairs(slice) do
        if not sibling or not redis.call('ZSCORE', sibling, member) then
          redis.call('HDEL', details, member)
        end
      end
    end
  end
  return #expired
end

-- How many members of `zset` are still inside the window ending at `cutoff` (the exact count,
-- whether or not the expired ones have been pruned yet).
local function countSince(zset, cutoff)
  return redis.call('ZCOUNT', zset, '(' .. cutoff, '+inf')
end
