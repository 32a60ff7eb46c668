--[[
  Cancels a contribution: removes it from both windows and from the activity timeline, takes its
  amount off the project's total and publishes the change.

  KEYS[1] project info hash   KEYS[2] contributions zset   KEYS[3] contributors zset
  KEYS[4] contribution details hash   KEYS[5] activity timeline list
  KEYS[6] the project's change channel (SPUBLISH)
  ARGV[1] now (ms)   ARGV[2] contribution id
  ARGV[3] contributions window (ms)   ARGV[4] contributors window (ms)   ARGV[5] project slug

  Returns {status, count, raised}: status 1 cancelled, 0 no such contribution, -1 unknown project
]]
--- @include "includes/event-kinds.lua"
--- @include "includes/publish-change.lua"
--- @include "includes/activity-timeline.lua"

local info, contributions, contributors, details, activity = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5]
local now, id = tonumber(ARGV[1]), ARGV[2]

if redis.call('EXISTS', info) == 0 then return { -1, 0, 0 } end

local contributionsCutoff = now - tonumber(ARGV[3])
local countedAt = redis.call('ZSCORE', contributions, id)
local at = countedAt or redis.call('ZSCORE', contributors, id)
-- Counted means inside the window now: a member past it, not yet pruned, was never counted by
-- any page (pages count by time), so taking it off would leave them one short.
local counted = countedAt ~= false and tonumber(countedAt) > contributionsCutoff
local removed = redis.call('ZREM', contributions, id) + redis.call('ZREM', contributors, id)
local stored = redis.call('HGET', details, id)
if removed == 0 and not stored then
  return { 0, 0, 0 }
end

local raised
if stored then
  redis.call('HDEL', details, id)
  raised = redis.call('HINCRBY', info, 'raised', -cjson.decode(stored)[1])
else
  raised = tonumber(redis.call('HGET', info, 'raised') or '0')
end

pruneExpired(contributions, contributionsCutoff, details, contributors)
pruneExpired(contributors, now - tonumber(ARGV[4]), details, contributions)

local seq = removeActivity(activity, 'c', id)
local count = countSince(contributions, contributionsCutoff)
-- `at` and `counted` let a page take it off its count and its expiry times without refetching.
publishChange(info, KEYS[6], {
  type = 'contribution-cancelled', slug = ARGV[5], id = id, at = tonumber(at or now),
  counted = counted, count = count, raised = raised, activitySeq = seq,
})
return { 1, count, raised }
