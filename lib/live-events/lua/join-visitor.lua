--[[
  A tab of a visitor opens the project page (see presence.lua for the model).

  KEYS[1] info  project info hash   KEYS[2] visitors  zset   KEYS[3] tabs  zset   KEYS[4] tabCounts  hash
  KEYS[5] changes  the project's channel (SPUBLISH)   KEYS[6] published  the last published visitor count (hash)
  ARGV[1] now  (ms)   ARGV[2] visitor  id   ARGV[3] tab  id   ARGV[4] visitorsWindow  (ms)
  ARGV[5] slug

  Returns {number of visitors, pending} (presence.lua), or {-1, 0} for an unknown project
]]
--- @include "live-events/lua/includes/presence.lua"

local info, visitors, tabs, counts = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
local now, window = tonumber(ARGV[1]), tonumber(ARGV[4])

if redis.call('EXISTS', info) == 0 then return { -1, 0 } end

pruneTabs(visitors, tabs, counts, now - window)
refreshTab(visitors, tabs, counts, ARGV[2], ARGV[3], now)
refreshPresenceTtl(visitors, tabs, counts, window)
return publishVisitorsIfChanged(visitors, KEYS[6], now - window, window, KEYS[5], ARGV[5], now)
