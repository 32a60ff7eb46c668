--[[
  A message fanned out to every follower: acknowledged, deleted from the stream, its progress
  dropped, in one step.

  KEYS[1] queue  the project's fan-out stream   KEYS[2] progress  its hash
  ARGV[1] group  the consumer group   ARGV[2] id  the message's

  Returns 1 when the message was still pending.
]]
local acked = redis.call('XACK', KEYS[1], ARGV[1], ARGV[2])
redis.call('XDEL', KEYS[1], ARGV[2])
redis.call('HDEL', KEYS[2], ARGV[2])
return acked
