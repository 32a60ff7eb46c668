--[[
  Pushes one reference to the feeds of one slot group (on Redis Cluster, feeds whose keys share
  a slot; on one Redis, any batch), with the hysteresis of antirez's "Timeline" pattern: the list is cut back to the cap
  only when LPUSH answers cap + slack. A feed that is idle (no `active` key: not read for
  FEED_IDLE_DAYS) is not fed; it is rebuilt when its owner returns. A reference already in the
  list is not pushed again (LPOS over the capped list), so a fan-out taken over after a crash
  never doubles an entry.

  KEYS[1..] feeds  in pairs: a feed list, then that feed's `active` key
  ARGV[1] ref  the reference   ARGV[2] cap   ARGV[3] slack

  Returns how many feeds got the reference.
]]
local ref, cap, slack = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3])
local pushed = 0
for i = 1, #KEYS, 2 do
  local feed, active = KEYS[i], KEYS[i + 1]
  if redis.call('EXISTS', active) == 1 and not redis.call('LPOS', feed, ref, 'MAXLEN', cap + slack) then
    local length = redis.call('LPUSH', feed, ref)
    if length >= cap + slack then redis.call('LTRIM', feed, 0, cap - 1) end
    -- A feed list made by this push expires with its owner's `active` mark.
    local ttl = redis.call('PTTL', active)
    if length == 1 and ttl > 0 then redis.call('PEXPIRE', feed, ttl) end
    pushed = pushed + 1
  end
end
return pushed
