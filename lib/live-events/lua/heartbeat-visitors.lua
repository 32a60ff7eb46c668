--[[
  One app instance vouches for the visitors it holds connections for on a project, every half
  window. A visitor whose instance died is no longer vouched for and ages out within a window.

  KEYS[1] visitors zset   KEYS[2] visitor tabs hash
  ARGV[1] now (ms)   ARGV[2] visitors window (ms)   ARGV[3] pub/sub channel   ARGV[4] project slug
  ARGV[5..] pairs of visitor id, tabs open on this instance (used only if the visitor had
            aged out meanwhile, so that their tab count starts right again)

  Returns the number of visitors
]]
--- @include "prune-expired.lua"
--- @include "publish-visitors.lua"

local visitors, tabs = KEYS[1], KEYS[2]
local now, window = tonumber(ARGV[1]), tonumber(ARGV[2])

local before = redis.call('ZCARD', visitors)
for i = 5, #ARGV, 2 do
  redis.call('ZADD', visitors, now, ARGV[i])
  redis.call('HSETNX', tabs, ARGV[i], ARGV[i + 1])
end
pruneExpired(visitors, now - window, tabs, nil)
redis.call('PEXPIRE', visitors, window)
redis.call('PEXPIRE', tabs, window)
return publishVisitorsIfChanged(visitors, before, ARGV[3], ARGV[4])
