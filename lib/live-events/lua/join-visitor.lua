--[[
  A tab of a visitor opens the project page. Presence counts people, not tabs: the visitors
  zset holds one member per visitor (scored by the last heartbeat) and the tabs hash counts
  that visitor's open tabs, so only the last tab closing removes the person.

  KEYS[1] project info hash   KEYS[2] visitors zset (visitor id -> last seen)
  KEYS[3] visitor tabs hash (visitor id -> open tabs)
  ARGV[1] now (ms)   ARGV[2] visitor id   ARGV[3] visitors window (ms)
  ARGV[4] pub/sub channel   ARGV[5] project slug

  Returns the number of visitors, or -1 for an unknown project
]]
--- @include "prune-expired.lua"
--- @include "publish-visitors.lua"

local info, visitors, tabs = KEYS[1], KEYS[2], KEYS[3]
local now, visitor, window = tonumber(ARGV[1]), ARGV[2], tonumber(ARGV[3])

if redis.call('EXISTS', info) == 0 then return -1 end

pruneExpired(visitors, now - window, tabs, nil)
local before = redis.call('ZCARD', visitors)
redis.call('HINCRBY', tabs, visitor, 1)
redis.call('ZADD', visitors, now, visitor)
redis.call('PEXPIRE', visitors, window)
redis.call('PEXPIRE', tabs, window)
return publishVisitorsIfChanged(visitors, before, ARGV[4], ARGV[5])
