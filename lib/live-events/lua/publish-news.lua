--[[
  Publishes a news item in the news window, drops expired news, refreshes the TTLs, pushes it
  onto the activity timeline and publishes the change. Publishing the same id again changes nothing.

  Arguments by name, as its declaration in scripts.ts names them:
  KEYS[1] info  project info hash   KEYS[2] news  zset id -> at
  KEYS[3] details  hash id -> [title, url]   KEYS[4] activity  timeline list
  KEYS[5] changes  the project's channel (SPUBLISH)   KEYS[6..11] feed  lib/feed/lua/includes/home-feed.lua
  ARGV[1] now  ms   ARGV[2] id   ARGV[3] title   ARGV[4] url   ARGV[5] newsWindow  ms
  ARGV[6] slug   ARGV[7..9] timeline  cap, slack, TTL   ARGV[10] feedSettings  lib/feed/lua/includes/home-feed.lua

  Returns {status, at, feedWork}: status 1 published, 0 duplicate (at is the original's), -1 unknown
  project; feedWork (published only): see home-feed.lua
]]
--- @include "live-events/lua/includes/event-kinds.lua"
--- @include "live-events/lua/includes/publish-change.lua"
--- @include "live-events/lua/includes/activity-timeline.lua"
--- @include "feed/lua/includes/home-feed.lua"

local info, news, details, activity = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
local now, id, title, url, window = tonumber(ARGV[1]), ARGV[2], ARGV[3], ARGV[4], tonumber(ARGV[5])

if redis.call('EXISTS', info) == 0 then return { -1, 0 } end

pruneExpired(news, now - window, details, nil)

local previous = redis.call('ZSCORE', news, id)
if previous then return { 0, tonumber(previous) } end

redis.call('ZADD', news, now, id)
redis.call('HSET', details, id, cjson.encode({ title, url }))
local seq = pushActivity(activity, info, { 'n', id, now, title, url }, 7)
redis.call('PEXPIRE', news, window)
redis.call('PEXPIRE', details, window)

publishChange(info, KEYS[5], {
  type = 'news-published',
  slug = ARGV[6],
  news = { id = id, title = title, url = url, at = now },
  activity = { seq = seq, kind = 'news', id = id, title = title, url = url, at = now },
}, seq)
local feedWork = feedAdd(feedHook(info), 'n-' .. id, now, { 'kind', 'news', 'headline', title, 'url', url })
return { 1, now, feedWork }
