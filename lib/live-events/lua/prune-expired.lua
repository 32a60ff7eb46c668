--[[
  Shared helper, included by the live-event scripts.

  pruneExpired(zset, cutoff, details, sibling): removes the members of `zset` scored at or
  before `cutoff` (ms) and, for each, its field in the `details` hash unless the `sibling` zset
  still holds it (contributions and contributors share one details hash). `details` and
  `sibling` may be nil. Returns how many members were removed.
]]
local function pruneExpired(zset, cutoff, details, sibling)
  local expired = redis.call('ZRANGE', zset, '-inf', cutoff, 'BYSCORE')
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
