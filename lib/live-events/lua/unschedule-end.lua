--[[
  Takes an announced end off the schedule, unless the project was saved with another end since,
  and says so on the catalogue's channel: cached home pages render again, the project among the
  ended ones.

  KEYS[1] ends  (zset slug -> endsAt)   KEYS[2] changes  the catalogue's channel (SPUBLISH)
  ARGV[1] slug   ARGV[2] endsAt  the end that was announced

  Returns 1 when removed, 0 when the schedule holds another end (or none)
]]
if tonumber(redis.call('ZSCORE', KEYS[1], ARGV[1]) or '') ~= tonumber(ARGV[2]) then return 0 end
redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('SPUBLISH', KEYS[2], 'ended')
return 1
