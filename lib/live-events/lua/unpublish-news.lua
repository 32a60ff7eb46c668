--[[
  Unpublishes a news item, removes it from the activity timeline, drops expired news, refreshes the
  TTLs and publishes the change.

  Arguments by name, as its declaration in scripts.ts names them:
  KEYS[1] info  project info hash   KEYS[2] news  zset   KEYS[3] details  hash
  KEYS[4] activity  timeline list   KEYS[5] changes  the project's channel (SPUBLISH)
  KEYS[6..11] feed  lib/feed/lua/includes/home-feed.lua
  ARGV[1] now  ms   ARGV[2] id   ARGV[3] newsWindow  ms   ARGV[4] slug
  ARGV[5] feedSettings  lib/feed/lua/includes/home-feed.lua

  Returns 1 unpublished, 0 no such news item, -1 unknown project
]]
--- @include "live-events/lua/includes/event-kinds.lua"
--- @include "live-events/lua/includes/publish-change.lua"
--- @include "live-events/lua/includes/activity-timeline.lua"
--- @include "feed/lua/includes/home-feed.lua"

local info, news, details, activity = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
local now, id, window = tonumber(ARGV[1]), ARGV[2], tonumber(ARGV[3])

if redis.call('EXISTS', info) == 0 then return -1 end

local removed = redis.call('ZREM', news, id) + redis.call('HDEL', details, id)
if removed == 0 then return 0 end

local seq = removeActivity(activity, 'n', id)

pruneExpired(news, now - window, details, nil)
redis.call('PEXPIRE', news, window)
redis.call('PEXPIRE', details, window)
publishChange(info, KEYS[5], { type = 'news-unpublished', slug = ARGV[4], id = id, activitySeq = seq })
feedRemove(feedHook(info), 'n-' .. id)
return 1
