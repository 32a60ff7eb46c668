--[[
  Shared helpers, included by the presence scripts. Presence counts people, not tabs:

    visitors          zset  visitor id -> last seen (what is counted)
    tabs              zset  "visitor|tab" -> last heartbeat from the instance holding the tab
    tab counts        hash  visitor id -> how many of their tabs are in `tabs`
    published         hash  count -> the visitor count last published, at -> when (ms)

  A tab is added and removed exactly once (ZADD/ZREM answer whether they did), so the counts
  stay exact: the last tab closing removes its visitor at once, and the tabs of a crashed
  instance, no longer vouched for, are dropped after one window with the same bookkeeping.

  Each script drops at most PRUNE_TABS expired tabs (the oldest): a crowd that left at once
  leaves over the next writes, never in one long script. The count is taken by score (visitors
  seen within the window), so tabs still waiting to be dropped are not counted.
]]

local PRUNE_TABS = 500

local function refreshTab(visitors, tabs, counts, visitor, tab, now)
  if redis.call('ZADD', tabs, now, visitor .. '|' .. tab) == 1 then
    redis.call('HINCRBY', counts, visitor, 1)
  end
  redis.call('ZADD', visitors, now, visitor)
end

local function dropTab(visitors, tabs, counts, member)
  if redis.call('ZREM', tabs, member) == 0 then return end
  local visitor = string.match(member, '^([^|]+)|')
  if redis.call('HINCRBY', counts, visitor, -1) <= 0 then
    redis.call('HDEL', counts, visitor)
    redis.call('ZREM', visitors, visitor)
  end
end

local function pruneTabs(visitors, tabs, counts, cutoff)
  for _, member in ipairs(redis.call('ZRANGE', tabs, '-inf', cutoff, 'BYSCORE', 'LIMIT', 0, PRUNE_TABS)) do
    dropTab(visitors, tabs, counts, member)
  end
end

local function refreshPresenceTtl(visitors, tabs, counts, window)
  redis.call('PEXPIRE', visitors, window)
  redis.call('PEXPIRE', tabs, window)
  redis.call('PEXPIRE', counts, window)
end

-- At most one visitor count is published per project per VISITORS_PUBLISH_GAP (ms): a crowd
-- joining at once costs every instance a few messages a second, not one per join.
local VISITORS_PUBLISH_GAP = 250

-- Publishes the visitor count (visitors seen after `cutoff`) when it differs from the count last
-- published and the last publish is at least VISITORS_PUBLISH_GAP old (either way on the app
-- instances' clocks, which the windows already assume agree). Returns {count, pending}: pending
-- is 1 when a changed count was held back; the caller settles it later (settle = a heartbeat
-- with no tabs), so the last change of a burst is never lost.
local function publishVisitorsIfChanged(visitors, published, cutoff, window, channel, slug, now)
  local count = redis.call('ZCOUNT', visitors, '(' .. cutoff, '+inf')
  local last = redis.call('HMGET', published, 'count', 'at')
  local pending = 0
  if tonumber(last[1]) == count then
    -- Nothing to tell.
  elseif last[2] and math.abs(now - tonumber(last[2])) < VISITORS_PUBLISH_GAP then
    pending = 1
  else
    redis.call('SPUBLISH', channel, cjson.encode({ type = 'visitors-changed', slug = slug, count = count }))
    redis.call('HSET', published, 'count', count, 'at', now)
  end
  redis.call('PEXPIRE', published, window)
  return { count, pending }
end
