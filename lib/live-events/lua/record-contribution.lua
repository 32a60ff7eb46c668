--[[
  Records one contribution in one step: the one write feeding two kinds (lib/live-events/kinds.ts),
  the 24-hour `contributions` counter and the 30-minute `contributors` list. It prunes both,
  adds the amount to the project's total, pushes the contribution onto the activity timeline,
  publishes the change and feeds the home feeds of the project's followers: everything that must
  happen together, in one round trip. Sending the same id again changes nothing and answers with
  the original time. The creator's metric event is a second round trip, deliberately: it lives
  in the creator account's slot (lib/creators/project-writes.ts).

  Arguments by name, in the order recordContributionArgs (script-args.ts) packs them:
  KEYS[1] info  project info hash (raised, backers, endsAt)   KEYS[2] contributions  zset id -> at
  KEYS[3] contributors  zset id -> at   KEYS[4] details  hash id -> [amount, name] (snapshot.ts)
  KEYS[5] activity  timeline list   KEYS[6] changes  the project's channel (SPUBLISH)
  KEYS[7] backers  set of everyone who ever backed   KEYS[8..13] feed  includes/home-feed.lua
  ARGV[1] now  ms   ARGV[2] id   ARGV[3] name   ARGV[4] amount
  ARGV[5] contributionsWindow  ms   ARGV[6] contributorsWindow  ms   ARGV[7] slug
  ARGV[8] backer  who backs (a visitor id, or a name)   ARGV[9..11] timeline  cap, slack, TTL
  ARGV[12] feedSettings  includes/home-feed.lua

  The campaign's end is decided here, on Redis' clock (TIME), so no instance's clock or lag can
  let a contribution in after it; a repeat of one recorded before the end still answers 0.

  Returns {status, at, count, raised, feedWork, backers}   feedWork: see includes/home-feed.lua
    status  1 recorded, 0 duplicate (at is the original's), -1 unknown project,
            -2 the campaign has ended (at is its end; nothing written)
]]
--- @include "includes/event-kinds.lua"
--- @include "includes/publish-change.lua"
--- @include "includes/activity-timeline.lua"
--- @include "includes/home-feed.lua"

local info, contributions, contributors, details, activity, backers = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[7]
local now, id, name, amount, backer = tonumber(ARGV[1]), ARGV[2], ARGV[3], tonumber(ARGV[4]), ARGV[8]
local contributionsWindow, contributorsWindow = tonumber(ARGV[5]), tonumber(ARGV[6])

if redis.call('EXISTS', info) == 0 then return { -1, 0, 0, 0 } end

local endsAt = tonumber(redis.call('HGET', info, 'endsAt') or '')
if endsAt then
  local time = redis.call('TIME')
  local ended = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000) >= endsAt
  if ended and not (redis.call('ZSCORE', contributions, id) or redis.call('ZSCORE', contributors, id)) then
    return { -2, endsAt, 0, 0 }
  end
end

-- The pattern (includes/event-kinds.lua): prune both kinds, record in both, count.
pruneExpired(contributions, now - contributionsWindow, details, contributors)
pruneExpired(contributors, now - contributorsWindow, details, contributions)

local previous = redis.call('ZSCORE', contributions, id) or redis.call('ZSCORE', contributors, id)
if previous then
  local raised = tonumber(redis.call('HGET', info, 'raised') or '0')
  return { 0, tonumber(previous), countSince(contributions, now - contributionsWindow), raised }
end

-- The one command that can fail (a corrupt total) goes first: Redis does not roll a script back.
local raised = redis.call('HINCRBY', info, 'raised', amount)
recordMember(contributions, id, now, contributionsWindow)
recordMember(contributors, id, now, contributorsWindow)
redis.call('HSET', details, id, cjson.encode({ amount, name }))
redis.call('PEXPIRE', details, math.max(contributionsWindow, contributorsWindow))
local count = countSince(contributions, now - contributionsWindow)
if redis.call('SADD', backers, backer) == 1 then redis.call('HINCRBY', info, 'backers', 1) end
local backerCount = tonumber(redis.call('HGET', info, 'backers'))

-- What else a contribution does, in the same round trip: the activity timeline, the change
-- every open page applies, the home feeds of the project's followers.
local seq = pushActivity(activity, info, { 'c', id, now, amount, name }, 9)
publishChange(info, KEYS[6], {
  type = 'contribution-recorded',
  slug = ARGV[7],
  contribution = { id = id, name = name, amount = amount, at = now },
  activity = { seq = seq, kind = 'contribution', id = id, name = name, amount = amount, at = now },
  count = count,
  raised = raised,
  backers = backerCount,
}, seq)
local feed = feedHook(info)
local feedWork = math.max(feedBackers(feed, now), feedMilestones(feed, now, raised - amount, raised))
return { 1, now, count, raised, feedWork, backerCount }
