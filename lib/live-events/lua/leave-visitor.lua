--[[
  A tab of a visitor closes. The visitor leaves at once when it was their last open tab.

  KEYS[1] visitors zset   KEYS[2] visitor tabs hash
  ARGV[1] now (ms)   ARGV[2] visitor id   ARGV[3] visitors window (ms)
  ARGV[4] pub/sub channel   ARGV[5] project slug

  Returns the number of visitors
]]
--- @include "prune-expired.lua"
--- @include "publish-visitors.lua"

local visitors, tabs = KEYS[1], KEYS[2]
local now, visitor, window = tonumber(ARGV[1]), ARGV[2], tonumber(ARGV[3])

local before = redis.call('ZCARD', visitors)
if redis.call('HINCRBY', tabs, visitor, -1) <= 0 then
  redis.call('HDEL', tabs, visitor)
  redis.call('ZREM', visitors, visitor)
end
pruneExpired(visitors, now - window, tabs, nil)
return publishVisitorsIfChanged(visitors, before, ARGV[4], ARGV[5])
