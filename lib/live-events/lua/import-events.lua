--[[
  Bulk import of past events with their original times (a migration, or backfilling after a
  window grew): each event lands in every window it still belongs to; an event already expired
  everywhere, or whose id is already there, is skipped. One change message tells open pages to
  resync.

  KEYS[1] project info hash        KEYS[2] contributions zset   KEYS[3] contributors zset
  KEYS[4] contribution details hash   KEYS[5] news zset          KEYS[6] news details hash
  ARGV[1] now (ms)
  ARGV[2] contributions window   ARGV[3] contributors window   ARGV[4] news window (ms)
  ARGV[5] pub/sub channel   ARGV[6] project slug
  ARGV[7] events, a JSON array of {kind = "contribution", id, name, amount, at}
          or {kind = "news", id, title, url, at}, already validated by the caller

  Returns {imported, skipped}, or {-1, 0} for an unknown project
]]
--- @include "prune-expired.lua"

local info, contributions, contributors, contributionDetails, news, newsDetails =
  KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6]
local now = tonumber(ARGV[1])
local contributionsWindow, contributorsWindow, newsWindow = tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])

if redis.call('EXISTS', info) == 0 then return { -1, 0 } end

local imported, skipped, raisedBy = 0, 0, 0

local function importContribution(event)
  local inCount = event.at > now - contributionsWindow
  local inList = event.at > now - contributorsWindow
  if not (inCount or inList)
    or redis.call('ZSCORE', contributions, event.id) or redis.call('ZSCORE', contributors, event.id) then
    return false
  end
  if inCount then redis.call('ZADD', contributions, event.at, event.id) end
  if inList then redis.call('ZADD', contributors, event.at, event.id) end
  redis.call('HSET', contributionDetails, event.id, cjson.encode({ name = event.name, amount = event.amount }))
  raisedBy = raisedBy + event.amount
  return true
end

local function importNews(event)
  if event.at <= now - newsWindow or redis.call('ZSCORE', news, event.id) then return false end
  redis.call('ZADD', news, event.at, event.id)
  redis.call('HSET', newsDetails, event.id, cjson.encode({ title = event.title, url = event.url }))
  return true
end

for _, event in ipairs(cjson.decode(ARGV[7])) do
  local added
  if event.kind == 'contribution' then added = importContribution(event) else added = importNews(event) end
  if added then imported = imported + 1 else skipped = skipped + 1 end
end

if imported > 0 then
  if raisedBy > 0 then redis.call('HINCRBY', info, 'raised', raisedBy) end
  pruneExpired(contributions, now - contributionsWindow, contributionDetails, contributors)
  pruneExpired(contributors, now - contributorsWindow, contributionDetails, contributions)
  pruneExpired(news, now - newsWindow, newsDetails, nil)
  redis.call('PEXPIRE', contributions, contributionsWindow)
  redis.call('PEXPIRE', contributors, contributorsWindow)
  redis.call('PEXPIRE', contributionDetails, math.max(contributionsWindow, contributorsWindow))
  redis.call('PEXPIRE', news, newsWindow)
  redis.call('PEXPIRE', newsDetails, newsWindow)
  redis.call('PUBLISH', ARGV[5], cjson.encode({ type = 'events-imported', slug = ARGV[6] }))
end
return { imported, skipped }
