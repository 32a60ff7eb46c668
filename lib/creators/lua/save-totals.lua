--[[
  Saves a creator's freshly computed totals and publishes them, unless newer ones are saved
  already: a fold delivered again (its lease ran out) may finish after a later fold's refresh.

  KEYS[1] totals  (hash account -> JSON)   KEYS[2] updated  computed at (zset account -> ms)
  KEYS[3] changes  the creators' channel (SPUBLISH, in their slot)
  ARGV[1] account   ARGV[2] computedAt  (ms)   ARGV[3] totals  (JSON)

  Returns 1 when saved, 0 when newer totals were there.
]]
local previous = tonumber(redis.call('ZSCORE', KEYS[2], ARGV[1]))
if previous and previous > tonumber(ARGV[2]) then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[1])
redis.call('SPUBLISH', KEYS[3], ARGV[3])
return 1
