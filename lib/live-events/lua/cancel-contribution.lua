--[[
  Cancels a pledge: marks it in the ledger and takes its amount and its backer off the project's
  totals, once; removes it from both windows and from the activity timeline, and publishes the
  change. A pledge unknown to the ledger, or cancelled already, changes nothing.

  KEYS[1] project info hash   KEYS[2] contributions zset   KEYS[3] contributors zset
  KEYS[4] contribution details hash   KEYS[5] activity timeline list
  KEYS[6] the project's change channel (SPUBLISH)   KEYS[7] backers  the ledger hash again (its `~` fields)   KEYS[8] ledger hash
  ARGV[1] now (ms)   ARGV[2] contribution id
  ARGV[3] contributions window (ms)   ARGV[4] contributors window (ms)   ARGV[5] project slug

  Returns {status, count, raised, backers}: status 1 cancelled, 0 no such pledge standing, -1 unknown project
]]
--- @include "includes/event-kinds.lua"
--- @include "includes/publish-change.lua"
--- @include "includes/activity-timeline.lua"
--- @include "includes/ledger.lua"

local info, contributions, contributors, details, activity, backers, ledger = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[7], KEYS[8]
local now, id = tonumber(ARGV[1]), ARGV[2]

if redis.call('EXISTS', info) == 0 then return { -1, 0, 0, 0 } end

local pledge = ledgerRead(ledger, id)
if not pledge or pledge.cancelled then return { 0, 0, 0, 0 } end

-- The one command that can fail (a corrupt total) goes first: Redis does not roll a script back.
local raised = redis.call('HINCRBY', info, 'raised', -pledge.amount)
pledge.cancelled = true
ledgerWrite(ledger, id, pledge)
redis.call('HINCRBY', info, 'pledges', -1)
-- A cancelled pledge gives its tier's place back.
local tierClaimed = pledge.tier ~= '' and { id = pledge.tier, claimed = redis.call('HINCRBY', info, 'tier:' .. pledge.tier, -1) } or nil
local backerCount = redis.call('HINCRBY', info, 'backers', 0 - ledgerBackerLeaves(backers, pledge.backer))

local contributionsCutoff = now - tonumber(ARGV[3])
local countedAt = redis.call('ZSCORE', contributions, id)
-- Counted means inside the window now: a member past it, not yet pruned, was never counted by
-- any page (pages count by time), so taking it off would leave them one short.
local counted = countedAt ~= false and tonumber(countedAt) > contributionsCutoff
redis.call('ZREM', contributions, id)
redis.call('ZREM', contributors, id)
redis.call('HDEL', details, id)

pruneExpired(contributions, contributionsCutoff, details, contributors)
pruneExpired(contributors, now - tonumber(ARGV[4]), details, contributions)

local seq = removeActivity(activity, 'c', id)
local count = countSince(contributions, contributionsCutoff)
-- `at` and `counted` let a page take it off its count and its expiry times without refetching.
publishChange(info, KEYS[6], {
  type = 'contribution-cancelled', slug = ARGV[5], id = id, at = pledge.at,
  counted = counted, count = count, raised = raised, backers = backerCount, activitySeq = seq, tier = tierClaimed,
})
return { 1, count, raised, backerCount }
