--[[
  A follow's last step, in the visitor's slot: drops the pending mark, unless a later follow or
  unfollow of the same project replaced it meanwhile (that one settles itself).

  KEYS[1] pending  the visitor's hash
  ARGV[1] slug   ARGV[2] step  that was confirmed ('follow' or 'unfollow')

  Returns 1 when the mark was dropped.
]]
if redis.call('HGET', KEYS[1], ARGV[1]) ~= ARGV[2] then return 0 end
return redis.call('HDEL', KEYS[1], ARGV[1])
