--[[
  Records one contribution in one step: the one write feeding two kinds (lib/live-events/kinds.ts),
  the 24-hour `contributions` counter and the 30-minute `contributors` list. It prunes both,
  adds the amount to the project's total, pushes the contribution onto the activity timeline,
  publishes the change and feeds the home feeds of the project's followers: everything that must
  happen together, in one round trip. Every pledge is kept in the project's ledger
  (lib/live-events/lua/includes/ledger.lua): an id it holds, re-sent at any time, changes nothing and answers with the
  original pledge. The creator's metric event is a second round trip, deliberately: it lives
  in the creator account's slot (lib/creators/project-writes.ts).

  Arguments by name, as its declaration in scripts.ts names them:
  KEYS[1] info  project info hash (raised, backers, endsAt)   KEYS[2] contributions  zset id -> at
  KEYS[3] contributors  zset id -> at   KEYS[4] details  hash id -> `amount|name` (snapshot.ts)
  KEYS[5] activity  timeline list   KEYS[6] changes  the project's channel (SPUBLISH)
  KEYS[7] backers  hash backer -> pledges standing   KEYS[8] ledger  hash id -> pledge (lib/live-events/lua/includes/ledger.lua)
  KEYS[9] holds  prefix of the tiers' hold zsets (lib/live-events/lua/includes/holds.lua)   KEYS[10..15] feed  lib/feed/lua/includes/home-feed.lua
  ARGV[1] now  ms   ARGV[2] id   ARGV[3] name   ARGV[4] amount
  ARGV[5] contributionsWindow  ms   ARGV[6] contributorsWindow  ms   ARGV[7] slug
  ARGV[8] backer  who backs: `v:<visitor id>`, or `o:<pledge id>` without one (contributions.ts)   ARGV[9] tier  a reward tier's id, or ''
  ARGV[10] clockShift  ms added to Redis' clock for holds (0 but in tests)
  ARGV[11..13] timeline  cap, slack, TTL   ARGV[14] feedSettings  lib/feed/lua/includes/home-feed.lua

  The ledger is asked first, then the campaign's end, on Redis' clock (TIME), so no instance's
  clock or lag, and no id gone from the windows, lets a new pledge in after it.

  Returns {status, at, count, raised, feedWork, backers, amount, cancelled}   feedWork: see lib/feed/lua/includes/home-feed.lua
    status  1 recorded, 0 held by the ledger (at, amount and cancelled are the original's; nothing
            written), -1 unknown project, -2 the campaign has ended (at is its end; nothing written),
            -3 unknown tier, -4 below the tier's minimum (at is the minimum), -5 the tier is sold out
  A tier's places are counted in `info` (`tier:<id>`) with its standing holds, against its
  `limit`, in this same script; the backer's own hold on the tier is consumed by the pledge.
]]
--- @include "live-events/lua/includes/event-kinds.lua"
--- @include "live-events/lua/includes/publish-change.lua"
--- @include "live-events/lua/includes/activity-timeline.lua"
--- @include "feed/lua/includes/home-feed.lua"
--- @include "live-events/lua/includes/ledger.lua"
--- @include "live-events/lua/includes/holds.lua"

local info, contributions, contributors, details, activity, backers, ledger = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[7], KEYS[8]
local now, id, name, amount, backer = tonumber(ARGV[1]), ARGV[2], ARGV[3], tonumber(ARGV[4]), ARGV[8]
local contributionsWindow, contributorsWindow = tonumber(ARGV[5]), tonumber(ARGV[6])

if redis.call('EXISTS', info) == 0 then return { -1, 0, 0, 0 } end

local known = ledgerRead(ledger, id)
if known then
  local raised = tonumber(redis.call('HGET', info, 'raised') or '0')
  local backerCount = tonumber(redis.call('HGET', info, 'backers') or '0')
  return { 0, known.at, countSince(contributions, now - contributionsWindow), raised, 0, backerCount, known.amount, known.cancelled and 1 or 0 }
end

local endsAt = tonumber(redis.call('HGET', info, 'endsAt') or '')
if endsAt then
  local time = redis.call('TIME')
  if tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000) >= endsAt then return { -2, endsAt, 0, 0 } end
end

local tier = ARGV[9]
if tier ~= '' then
  local chosen
  for _, each in ipairs(cjson.decode(redis.call('HGET', info, 'tiers') or '[]')) do
    if each.id == tier then chosen = each end
  end
  if not chosen then return { -3, 0, 0, 0 } end
  if amount < chosen.minimum then return { -4, chosen.minimum, 0, 0 } end
  if chosen.limit then
    local holdKey = KEYS[9] .. tier
    local held = holdsPrune(holdKey, holdsClock(ARGV[10]))
    local claimed = tonumber(redis.call('HGET', info, 'tier:' .. tier) or '0')
    -- The backer's own hold is a place kept for this pledge: it turns from held into claimed.
    if redis.call('ZREM', holdKey, backer) == 0 and claimed + held >= chosen.limit then return { -5, chosen.limit, 0, 0 } end
  end
end

-- The pattern (lib/live-events/lua/includes/event-kinds.lua): prune both kinds, record in both, count.
pruneExpired(contributions, now - contributionsWindow, details, contributors)
pruneExpired(contributors, now - contributorsWindow, details, contributions)

-- The one command that can fail (a corrupt total) goes first: Redis does not roll a script back.
local raised = redis.call('HINCRBY', info, 'raised', amount)
recordMember(contributions, id, now, contributionsWindow)
recordMember(contributors, id, now, contributorsWindow)
redis.call('HSET', details, id, amount .. '|' .. name)
redis.call('PEXPIRE', details, math.max(contributionsWindow, contributorsWindow))
local count = countSince(contributions, now - contributionsWindow)
ledgerWrite(ledger, id, { amount = amount, at = now, tier = tier, backer = backer })
local tierClaimed = tier ~= '' and holdsOf({ id = tier, claimed = redis.call('HINCRBY', info, 'tier:' .. tier, 1) }, KEYS[9] .. tier, holdsClock(ARGV[10])) or nil
redis.call('HINCRBY', info, 'pledges', 1)
local backerCount = redis.call('HINCRBY', info, 'backers', ledgerBackerJoins(backers, backer))

-- What else a contribution does, in the same round trip: the activity timeline, the change
-- every open page applies, the home feeds of the project's followers.
local seq = pushActivity(activity, info, { 'c', id, now, amount, name }, 11)
publishChange(info, KEYS[6], {
  type = 'contribution-recorded',
  slug = ARGV[7],
  contribution = { id = id, name = name, amount = amount, at = now },
  activity = { seq = seq, kind = 'contribution', id = id, name = name, amount = amount, at = now },
  count = count,
  raised = raised,
  backers = backerCount,
  tier = tierClaimed,
}, seq)
local feed = feedHook(info)
local feedWork = math.max(feedBackers(feed, now, count, backerCount), feedMilestones(feed, now, raised - amount, raised))
return { 1, now, count, raised, feedWork, backerCount, amount, 0 }
