--[[
  Cancels a pledge: marks it in the ledger and takes its amount and its backer off the project's
  totals, once; removes it from both windows and from the activity timeline, publishes the
  change, gives the home feed's "N contributions from M backers" entry the page's new counts
  (feedRecount, lib/feed/lua/includes/home-feed.lua) and takes back the milestones the total no
  longer reaches (feedRetractMilestones): one round trip. A pledge unknown to the
  ledger, or cancelled already, changes nothing.

  KEYS[1] info  project info hash   KEYS[2] contributions  zset   KEYS[3] contributors  zset
  KEYS[4] details  contribution details hash   KEYS[5] activity  timeline list
  KEYS[6] changes  the project's channel (SPUBLISH)   KEYS[7] backers  the ledger hash again (its `~` fields)   KEYS[8] ledger  hash
  KEYS[9..14] feed  lib/feed/lua/includes/home-feed.lua
  ARGV[1] now  (ms)   ARGV[2] id  the contribution's
  ARGV[3] contributionsWindow  (ms)   ARGV[4] contributorsWindow  (ms)   ARGV[5] slug
  ARGV[6] feedSettings  lib/feed/lua/includes/home-feed.lua

  Returns {status, count, raised, backers}: status 1 cancelled, 0 no such pledge standing, -1 unknown project
]]
--- @include "live-events/lua/includes/event-kinds.lua"
--- @include "live-events/lua/includes/publish-change.lua"
--- @include "live-events/lua/includes/activity-timeline.lua"
--- @include "feed/lua/includes/home-feed.lua"
--- @include "live-events/lua/includes/ledger.lua"

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
local hook = feedHook(info)
feedRecount(hook, now, count, backerCount)
feedRetractMilestones(hook, raised)
return { 1, count, raised, backerCount }
