--[[
  Takes an announced end off the schedule, unless the project was saved with another end since.

  KEYS[1] ends (zset slug -> endsAt)   ARGV[1] slug   ARGV[2] the end that was announced

  Returns 1 when removed, 0 when the schedule holds another end (or none)
]]
if tonumber(redis.call('ZSCORE', KEYS[1], ARGV[1]) or '') ~= tonumber(ARGV[2]) then return 0 end
return redis.call('ZREM', KEYS[1], ARGV[1])
