--[[
  One page of the sweep done (sweep.ts): marks the projects found with work, in the same
  `{feed}` slot as the lease and the cursor, and moves the cursor on, only if the lease is still
  this instance's (else another sweeper has it, and its cursor stands). A project with a queue
  is added to the work set only if absent (ZADD NX): one that is there is due or leased
  already, and a lease must not be cut short.

  KEYS[1] sweepLease   KEYS[2] sweepCursor   KEYS[3] work  zset   KEYS[4] big  the merged-at-read set
  ARGV[1] holder  this instance's id   ARGV[2] next  cursor ('' : the pass is over, start again)
  ARGV[3] now  (ms)   ARGV[4] queued  n   ARGV[5..] slugs  n with queued messages, then those with merged entries

  Returns how many projects were added to the work set, or -1 when the lease is not ours.
]]
local lease, cursor, work, merged = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
if redis.call('GET', lease) ~= ARGV[1] then return -1 end
if ARGV[2] == '' then redis.call('DEL', cursor) else redis.call('SET', cursor, ARGV[2]) end
local now, queued = tonumber(ARGV[3]), tonumber(ARGV[4])
local added = 0
for i = 5, 4 + queued do
  added = added + redis.call('ZADD', work, 'NX', now, ARGV[i])
end
for i = 5 + queued, #ARGV do
  redis.call('SADD', merged, ARGV[i])
end
return added
