--[[
  A tab of a visitor closes; the visitor leaves at once when it was their last tab.

  KEYS[1] visitors  zset   KEYS[2] tabs  zset   KEYS[3] tabCounts  hash
  KEYS[4] changes  the project's channel (SPUBLISH)   KEYS[5] published  the last published visitor count (hash)
  ARGV[1] now  (ms)   ARGV[2] visitor  id   ARGV[3] tab  id   ARGV[4] visitorsWindow  (ms)
  ARGV[5] slug

  Returns {number of visitors, pending} (see publishVisitorsIfChanged in presence.lua)
]]
--- @include "live-events/lua/includes/presence.lua"

local visitors, tabs, counts = KEYS[1], KEYS[2], KEYS[3]
local now, window = tonumber(ARGV[1]), tonumber(ARGV[4])

dropTab(visitors, tabs, counts, ARGV[2] .. '|' .. ARGV[3])
pruneTabs(visitors, tabs, counts, now - window)
return publishVisitorsIfChanged(visitors, KEYS[5], now - window, window, KEYS[4], ARGV[5], now)
