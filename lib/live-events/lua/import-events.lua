--[[
  Bulk import of past events with their original times (a migration, or backfilling after a
  window grew): each event lands in every window it still belongs to, and a contribution in the
  ledger (lib/live-events/lua/includes/ledger.lua); an event already expired everywhere, or whose id is already
  there (a contribution's: in the ledger), is skipped. Imported events are pushed onto the
  activity timeline in the order given (the caller sorts them by time); only the last `cap` of a
  batch are pushed, the ones before would be trimmed at once. One change message tells open
  pages to resync.

  Arguments by name, as its declaration in scripts.ts names them:
  KEYS[1] info  project info hash   KEYS[2] contributions  zset   KEYS[3] contributors  zset
  KEYS[4] contributionDetails  hash   KEYS[5] news  zset   KEYS[6] newsDetails  hash
  KEYS[7] activity  timeline list   KEYS[8] changes  the project's channel (SPUBLISH)
  KEYS[9] backers  the ledger hash again: its `~` fields index a contribution's `backer` (`o:<pledge id>`: contributions.ts)
  KEYS[10] ledger  hash id -> pledge
  ARGV[1] now  ms   ARGV[2] contributionsWindow  ms   ARGV[3] contributorsWindow  ms
  ARGV[4] newsWindow  ms   ARGV[5] slug
  ARGV[6] events  a JSON array of {kind = "contribution", id, name, amount, at, backer}
          or {kind = "news", id, title, url, at}, already validated by the caller
  ARGV[7..9] timeline  cap, slack, TTL

  Returns {imported, skipped}, or {-1, 0} for an unknown project
]]
--- @include "live-events/lua/includes/event-kinds.lua"
--- @include "live-events/lua/includes/publish-change.lua"
--- @include "live-events/lua/includes/activity-timeline.lua"
--- @include "live-events/lua/includes/ledger.lua"

local info, contributions, contributors, contributionDetails, news, newsDetails, activity =
  KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6], KEYS[7]
local now = tonumber(ARGV[1])
local contributionsWindow, contributorsWindow, newsWindow = tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])

if redis.call('EXISTS', info) == 0 then return { -1, 0 } end

local SLICE = 1000

-- Calls `command key ...` with `flat` split into slices of `width` * SLICE arguments.
local function callInSlices(command, key, flat, width)
  local step = width * SLICE
  for first = 1, #flat, step do
    redis.call(command, key, unpack(flat, first, math.min(first + step - 1, #flat)))
  end
end

-- Marks in `found` the ids of `ids` present in `zset` (ZMSCORE, sliced).
local function present(zset, ids, found)
  for first = 1, #ids, SLICE do
    local last = math.min(first + SLICE - 1, #ids)
    local scores = redis.call('ZMSCORE', zset, unpack(ids, first, last))
    for i = 1, last - first + 1 do
      if scores[i] then found[ids[first + i - 1]] = true end
    end
  end
  return found
end

local events = cjson.decode(ARGV[6])
local contributionIds, newsIds = {}, {}
for _, event in ipairs(events) do
  if event.kind == 'contribution' then contributionIds[#contributionIds + 1] = event.id
  else newsIds[#newsIds + 1] = event.id end
end
local taken = {}
for first = 1, #contributionIds, SLICE do
  local last = math.min(first + SLICE - 1, #contributionIds)
  local held = redis.call('HMGET', KEYS[10], unpack(contributionIds, first, last))
  for i = 1, last - first + 1 do
    if held[i] then taken[contributionIds[first + i - 1]] = true end
  end
end
local takenNews = {}
if #newsIds > 0 then present(news, newsIds, takenNews) end

local countAdds, listAdds, contributionFields, newsAdds, newsFields = {}, {}, {}, {}, {}
local arrived, raisedBy = {}, 0
-- The ledger's pledges, and each backer's pledges in this batch (first seen first), written once
-- for the whole batch: a call per event cost an import most of its time.
local pledgeFields, backerPledges, backerIds = {}, {}, {}
local function push(flat, a, b) flat[#flat + 1] = a; flat[#flat + 1] = b end
local function activityFields(event)
  if event.kind == 'contribution' then return { 'c', event.id, event.at, event.amount, event.name } end
  return { 'n', event.id, event.at, event.title, event.url }
end

for _, event in ipairs(events) do
  if event.kind == 'contribution' then
    local inCount = event.at > now - contributionsWindow
    local inList = event.at > now - contributorsWindow
    if (inCount or inList) and not taken[event.id] then
      taken[event.id] = true -- a second event with this id in the same batch is a duplicate
      if inCount then push(countAdds, event.at, event.id) end
      if inList then push(listAdds, event.at, event.id) end
      raisedBy = raisedBy + event.amount
      arrived[#arrived + 1] = event
      local backer = ledgerBackerId(event.backer)
      push(pledgeFields, event.id, ledgerEncode({ amount = event.amount, at = event.at, backer = backer }))
      if not backerPledges[backer] then backerIds[#backerIds + 1] = backer end
      backerPledges[backer] = (backerPledges[backer] or 0) + 1
    end
  elseif event.at > now - newsWindow and not takenNews[event.id] then
    takenNews[event.id] = true
    push(newsAdds, event.at, event.id)
    arrived[#arrived + 1] = event
  end
end
local imported = #arrived
local skipped = #events - imported

if #pledgeFields > 0 then
  callInSlices('HSET', KEYS[10], pledgeFields, 2)
  redis.call('HINCRBY', info, 'pledges', #pledgeFields / 2)
  redis.call('HINCRBY', info, 'backers', ledgerBackersJoin(KEYS[9], backerIds, backerPledges))
end

if imported > 0 then
  for i = math.max(1, imported - tonumber(ARGV[7]) + 1), imported do
    pushActivity(activity, info, activityFields(arrived[i]), 7)
  end
  for _, event in ipairs(arrived) do
    if event.kind == 'contribution' then
      push(contributionFields, event.id, event.amount .. '|' .. event.name)
    else
      push(newsFields, event.id, cjson.encode({ event.title, event.url }))
    end
  end
  callInSlices('ZADD', contributions, countAdds, 2)
  callInSlices('ZADD', contributors, listAdds, 2)
  callInSlices('HSET', contributionDetails, contributionFields, 2)
  callInSlices('ZADD', news, newsAdds, 2)
  callInSlices('HSET', newsDetails, newsFields, 2)
  if raisedBy > 0 then redis.call('HINCRBY', info, 'raised', raisedBy) end
  -- As many as this batch added (at most its 5,000 events) on top of the usual prune batch.
  pruneExpired(contributions, now - contributionsWindow, contributionDetails, contributors, #countAdds / 2)
  pruneExpired(contributors, now - contributorsWindow, contributionDetails, contributions, #listAdds / 2)
  pruneExpired(news, now - newsWindow, newsDetails, nil, #newsAdds / 2)
  redis.call('PEXPIRE', contributions, contributionsWindow)
  redis.call('PEXPIRE', contributors, contributorsWindow)
  redis.call('PEXPIRE', contributionDetails, math.max(contributionsWindow, contributorsWindow))
  redis.call('PEXPIRE', news, newsWindow)
  redis.call('PEXPIRE', newsDetails, newsWindow)
  publishChange(info, KEYS[8], { type = 'events-imported', slug = ARGV[5] })
end
return { imported, skipped }
