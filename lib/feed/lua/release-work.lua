--[[
  A worker found its project's queue empty: it releases the project, unless the lease is no
  longer its own (a new event made it due again meanwhile: it stays, for the next claim).

  KEYS[1] work  zset
  ARGV[1] slug   ARGV[2] leaseEnd  the worker was given

  Returns 1 when released.
]]
if redis.call('ZSCORE', KEYS[1], ARGV[1]) ~= ARGV[2] then return 0 end
return redis.call('ZREM', KEYS[1], ARGV[1])
