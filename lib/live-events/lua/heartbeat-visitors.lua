--[[
  One app instance vouches for the tabs it holds connections for on a project, every half
  window. The tabs of an instance that died are no longer vouched for and are dropped within
  one window, their visitors with them unless another tab of theirs is still open.

  KEYS[1] visitors  zset   KEYS[2] tabs  zset   KEYS[3] tabCounts  hash
  KEYS[4] changes  the project's channel (SPUBLISH)   KEYS[5] published  the last published visitor count (hash)
  ARGV[1] now  (ms)   ARGV[2] visitorsWindow  (ms)   ARGV[3] slug
  ARGV[4..] tabs  pairs of visitor id, tab id (the caller sends them in bounded batches)

  Returns {number of visitors, pending} (see publishVisitorsIfChanged in presence.lua)
]]
--- @include "live-events/lua/includes/presence.lua"

local visitors, tabs, counts = KEYS[1], KEYS[2], KEYS[3]
local now, window = tonumber(ARGV[1]), tonumber(ARGV[2])

for i = 4, #ARGV, 2 do
  refreshTab(visitors, tabs, counts, ARGV[i], ARGV[i + 1], now)
end
pruneTabs(visitors, tabs, counts, now - window)
refreshPresenceTtl(visitors, tabs, counts, window)
return publishVisitorsIfChanged(visitors, KEYS[5], now - window, window, KEYS[4], ARGV[3], now)
