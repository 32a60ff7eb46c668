--[[
  Acknowledges a claimed fold once its consumer is done: ends the lease, logs the fold on the
  published timeline (normalized: the list holds fold keys, each fold keeps its own hash, with a
  TTL), counts it and publishes it. Only the first ack of a fold does anything: when a lease ran
  out and the fold was delivered again, whichever poller acks second gets 0 and publishes nothing.

  KEYS[1] claimed  folds (zset)   KEYS[2] fold  the fold's hash   KEYS[3] published  log (list of keys)
  KEYS[4] counters  (hash)   KEYS[5] changes  the folder's channel (SPUBLISH, in its slot)
  ARGV[1] key  the fold's   ARGV[2] now  (ms)   ARGV[3] folder  its name
  ARGV[4] cap  of the log   ARGV[5] slack  of the log   ARGV[6] ttl  of a published fold and of the log (ms)

  Returns 1 when the fold was published, 0 when it had been already (or was never claimed).
]]
--- @include "timeline/lua/includes/timeline.lua"

local claimed, foldHash, log, counters = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
local key, now, ttl = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[6])

if redis.call('ZREM', claimed, key) == 0 then return 0 end
redis.call('HSET', foldHash, 'publishedAt', now)
redis.call('PEXPIRE', foldHash, ttl)
timelinePushId(log, key, tonumber(ARGV[4]), tonumber(ARGV[5]), ttl)
redis.call('HINCRBY', counters, 'published', 1)

local fold, flat = {}, redis.call('HGETALL', foldHash)
for i = 1, #flat, 2 do fold[flat[i]] = flat[i + 1] end
redis.call('SPUBLISH', KEYS[5], cjson.encode({ type = 'fold-published', folder = ARGV[3], fold = fold }))
return 1
