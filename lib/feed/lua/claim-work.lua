--[[
  Leases the projects whose fan-out queue is due to one worker: their score becomes the end of
  the lease, so no other worker takes them until it ends (or a new event makes them due again:
  a mark is ZADD LT now). A worker that dies leaves its lease to run out.

  KEYS[1] work  zset (slug -> due, ms)
  ARGV[1] now  (ms)   ARGV[2] lease  (ms)   ARGV[3] count  how many

  Returns {slug, lease end, slug, lease end, ...}
]]
local now, lease = tonumber(ARGV[1]), tonumber(ARGV[2])
local reply = {}
for _, slug in ipairs(redis.call('ZRANGE', KEYS[1], '-inf', now, 'BYSCORE', 'LIMIT', 0, tonumber(ARGV[3]))) do
  redis.call('ZADD', KEYS[1], now + lease, slug)
  reply[#reply + 1] = slug
  reply[#reply + 1] = tostring(now + lease)
end
return reply
