#!lua flags=no-writes
--[[
  The folder's state for the dashboard and /api/metrics, in one round trip.

  KEYS[1] counters  (hash)   KEYS[2] lastEvent  pending groups by last event   KEYS[3] firstEvent  by first event
  KEYS[4] eventsPerGroup   KEYS[5] claimed  folds
  ARGV[1] limit  how many pending groups to list (the oldest first)

  Returns {counters (flat hash), pendingCount, claimedCount, {group, firstAt, lastAt, events}, ...}
]]
local counters, last, first, perGroup, claimed = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5]
local reply = { redis.call('HGETALL', counters), redis.call('ZCARD', last), redis.call('ZCARD', claimed) }
local limit = tonumber(ARGV[1])
local oldest = limit > 0 and redis.call('ZRANGE', first, 0, limit - 1, 'WITHSCORES') or {}
for i = 1, #oldest, 2 do
  local group = oldest[i]
  reply[#reply + 1] = { group, oldest[i + 1], redis.call('ZSCORE', last, group), redis.call('HGET', perGroup, group) or '0' }
end
return reply
