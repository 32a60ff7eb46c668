--[[
  A message fanned out to every follower: acknowledged, deleted from the stream, its progress
  dropped, in one step.

  KEYS[1] the project's fan-out stream   KEYS[2] its progress hash
  ARGV[1] the consumer group   ARGV[2] the message id

  Returns 1 when the message was still pending.
]]
local acked = redis.call('XACK', KEYS[1], ARGV[1], ARGV[2])
redis.call('XDEL', KEYS[1], ARGV[2])
redis.call('HDEL', KEYS[2], ARGV[2])
return acked
