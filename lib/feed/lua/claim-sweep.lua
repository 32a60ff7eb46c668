--[[
  The sweep's lease (sweep.ts): one instance at a time walks the projects for queues nobody
  marked. The holder renews it every tick; another instance takes it over, at the stored
  cursor, once it has run out. A lease of 0 gives it up (a stopping instance), if still ours.

  KEYS[1] sweepLease  string (holder id)   KEYS[2] sweepCursor  string
  ARGV[1] holder  this instance's id   ARGV[2] lease  (ms), 0 to give it up

  Returns {1, cursor ('' at the start of a pass)} when the lease is ours, else {0, ''}.
]]
local lease, cursor = KEYS[1], KEYS[2]
local holder, ms = ARGV[1], tonumber(ARGV[2])
local current = redis.call('GET', lease)
if current and current ~= holder then return { 0, '' } end
if ms == 0 then
  redis.call('DEL', lease)
  return { 0, '' }
end
redis.call('SET', lease, holder, 'PX', ms)
return { 1, redis.call('GET', cursor) or '' }
