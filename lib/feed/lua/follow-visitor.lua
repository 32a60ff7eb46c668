--[[
  A follow's first step, in the visitor's slot, and its truth: add (or remove) the project to
  the visitor's follows and mark it pending until the project's side confirms (settle-follow.lua).
  A crash before that leaves the mark, and every later read replays the project's side.

  KEYS[1] the visitor's follows zset   KEYS[2] the visitor's pending hash
  ARGV[1] slug   ARGV[2] 'follow' or 'unfollow'   ARGV[3] now (ms)

  Returns 1 when this changed the follows, 0 when it already was so.
]]
local follows, pending = KEYS[1], KEYS[2]
local slug, step, now = ARGV[1], ARGV[2], ARGV[3]

local changed
if step == 'follow' then
  changed = redis.call('ZADD', follows, 'NX', now, slug)
else
  changed = redis.call('ZREM', follows, slug)
end
redis.call('HSET', pending, slug, step)
return changed
