--[[
  Records one contribution in one step: the one write feeding two kinds (lib/live-events/kinds.ts),
  the 24-hour `contributions` counter and the 30-minute `contributors` list. It prunes both,
  adds the amount to the project's total, pushes the contribution onto the activity timeline,
  publishes the change and feeds the home feeds of the project's followers: everything that must
  happen together, in one round trip. Sending the same id again changes nothing and answers with
  the original time. The creator's metric event is a second round trip, deliberately: it lives
  in the creator account's slot (lib/creators/project-writes.ts).

  KEYS[1] project info hash            KEYS[2] contributions zset (id -> at)
  KEYS[3] contributors zset (id -> at)  KEYS[4] contribution details hash (id -> [amount, name], compact: see snapshot.ts)
  KEYS[5] activity timeline list (includes/activity-timeline.lua)
  ARGV[1] now (ms)          ARGV[2] contribution id   ARGV[3] name   ARGV[4] amount
  ARGV[5] contributions window (ms)    ARGV[6] contributors window (ms)
  KEYS[6] the project's change channel (SPUBLISH)   ARGV[7] project slug
  ARGV[8] timeline cap   ARGV[9] timeline slack   ARGV[10] timeline TTL (ms)
  then the home feed's 6 keys at the END of KEYS and its settings as the LAST ARGV
  (includes/home-feed.lua, lib/feed/hook.ts)

  Returns {status, at, count, raised, feedWork}   feedWork: see includes/home-feed.lua (recorded only)
    status  1 recorded, 0 duplicate (at is the original's), -1 unknown project
]]
--- @include "includes/event-kinds.lua"
--- @include "includes/publish-change.lua"
--- @include "includes/activity-timeline.lua"
--- @include "includes/home-feed.lua"

local info, contributions, contributors, details, activity = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5]
local now, id, name, amount = tonumber(ARGV[1]), ARGV[2], ARGV[3], tonumber(ARGV[4])
local contributionsWindow, contributorsWindow = tonumber(ARGV[5]), tonumber(ARGV[6])

if redis.call('EXISTS', info) == 0 then return { -1, 0, 0, 0 } end

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

-- What else a contribution does, in the same round trip: the activity timeline, the change
-- every open page applies, the home feeds of the project's followers.
local seq = pushActivity(activity, info, { 'c', id, now, amount, name }, 8)
publishChange(info, KEYS[6], {
  type = 'contribution-recorded',
  slug = ARGV[7],
  contribution = { id = id, name = name, amount = amount, at = now },
  activity = { seq = seq, kind = 'contribution', id = id, name = name, amount = amount, at = now },
  count = count,
  raised = raised,
}, seq)
local feed = feedHook(info)
local feedWork = math.max(feedBackers(feed, now), feedMilestones(feed, now, raised - amount, raised))
return { 1, now, count, raised, feedWork }
