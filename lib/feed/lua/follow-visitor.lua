--[[
  A follow's first step, in the visitor's slot, and its truth: add (or remove) the project to
  the visitor's follows and mark it pending until the project's side confirms (settle-follow.lua).
  A crash before that leaves the mark, and every later read replays the project's side. A visitor
  follows at most `max` projects; both keys expire `ttl` after the visitor's last follow,
  unfollow or feed read (open-feed.lua), so an idle visitor's follows do not stay for ever.

  KEYS[1] follows  the visitor's zset   KEYS[2] pending  the visitor's hash
  ARGV[1] slug   ARGV[2] step  'follow' or 'unfollow'   ARGV[3] now  (ms)   ARGV[4] maxFollows   ARGV[5] ttl  (ms)

  Returns 1 when this changed the follows, 0 when it already was so, -1 when a new follow would
  pass the cap (nothing written).
]]
local follows, pending = KEYS[1], KEYS[2]
local slug, step, now, max, ttl = ARGV[1], ARGV[2], ARGV[3], tonumber(ARGV[4]), ARGV[5]

local changed
if step == 'follow' then
  if not redis.call('ZSCORE', follows, slug) and redis.call('ZCARD', follows) >= max then return -1 end
  changed = redis.call('ZADD', follows, 'NX', now, slug)
else
  changed = redis.call('ZREM', follows, slug)
end
redis.call('HSET', pending, slug, step)
redis.call('PEXPIRE', follows, ttl)
redis.call('PEXPIRE', pending, ttl)
return changed
