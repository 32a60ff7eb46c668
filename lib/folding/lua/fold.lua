--[[
  Folds one event into its group: the ZADD of "Reducing System Load With Event Folding", made one step with everything it implies.

  KEYS[1] lastEvent  pending groups by last event (zset group -> ms)   KEYS[2] firstEvent  by first event (zset)
  KEYS[3] fields  the group's: a set of names ('union') or a hash of values ('latest', 'sum')
  KEYS[4] eventsPerGroup  (hash group -> count)   KEYS[5] recentlyClaimed  groups (zset group -> ms)
  KEYS[6] counters  (hash)
  ARGV[1] now  (ms)   ARGV[2] group   ARGV[3] merge  union | latest | sum   ARGV[4] window  (ms)
  ARGV[5..] fields  name, value, name, value, ...

  Returns 1 when the event folded into a pending group (ZADD answered 0), 0 when it started one.
  Every event is counted once, as newGroups or as folded: the events received are their sum.
]]
local last, first, fields, perGroup, recent, counters = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6]
local now, group, merge, window = tonumber(ARGV[1]), ARGV[2], ARGV[3], tonumber(ARGV[4])

-- GT: an event stamped a little earlier by another instance never moves the group's quiet time back.
local added = redis.call('ZADD', last, 'GT', now, group)
if added == 1 then
  -- The first event's time is what the maximum wait counts from: set once per group.
  redis.call('ZADD', first, now, group)
  redis.call('HINCRBY', counters, 'newGroups', 1)
  -- The write-up's "fake new": this group was flushed less than a window ago, so the event would
  -- have folded had the flush not just happened. ZADD's answer alone counts it as new.
  local claimedAt = tonumber(redis.call('ZSCORE', recent, group))
  if claimedAt and claimedAt > now - window then redis.call('HINCRBY', counters, 'fakeNew', 1) end
else
  redis.call('HINCRBY', counters, 'folded', 1)
end
redis.call('HINCRBY', perGroup, group, 1)

if merge == 'sum' then
  for i = 5, #ARGV, 2 do redis.call('HINCRBYFLOAT', fields, ARGV[i], ARGV[i + 1]) end
elseif merge == 'latest' then
  redis.call('HSET', fields, unpack(ARGV, 5))
else
  local names = {}
  for i = 5, #ARGV, 2 do names[#names + 1] = ARGV[i] end
  redis.call('SADD', fields, unpack(names))
end
return 1 - added
