--[[
  Claims (or renews) one of an address's open-socket places, across every instance.
  Places expire unless renewed, so the sockets of an instance that died free theirs.

  KEYS[1] sockets  the address's open ones (sorted set: socket id -> expiry, ms)
  ARGV[1] id  the socket's   ARGV[2] now  (ms)   ARGV[3] ttl  time to live (ms)   ARGV[4] cap

  Returns 1 when the socket holds a place, 0 when the address already holds the cap.
]]
local key, id = KEYS[1], ARGV[1]
local now, ttl, cap = tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now)
if not redis.call('ZSCORE', key, id) and redis.call('ZCARD', key) >= cap then
  return 0
end
redis.call('ZADD', key, now + ttl, id)
redis.call('PEXPIRE', key, ttl)
return 1
