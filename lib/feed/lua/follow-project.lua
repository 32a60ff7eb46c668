--[[
  A follow's second step, in the project's slot: add or remove the follower. Idempotent, so a
  pending follow can be replayed any number of times.

  KEYS[1] info  the project's hash   KEYS[2] followers  zset (all scores 0)
  ARGV[1] visitor  id   ARGV[2] step  'follow' or 'unfollow'

  Returns the follower count after, or -1 when the project does not exist (nothing written).
]]
local info, followers = KEYS[1], KEYS[2]
local visitor, step = ARGV[1], ARGV[2]

if step == 'follow' then
  if redis.call('EXISTS', info) == 0 then return -1 end
  redis.call('ZADD', followers, 0, visitor)
else
  redis.call('ZREM', followers, visitor)
end
return redis.call('ZCARD', followers)
