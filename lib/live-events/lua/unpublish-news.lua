--[[
  Unpublishes a news item and publishes the change.

  KEYS[1] project info hash   KEYS[2] news zset   KEYS[3] news details hash
  ARGV[1] news id   ARGV[2] pub/sub channel   ARGV[3] project slug

  Returns 1 unpublished, 0 no such news item, -1 unknown project
]]
local info, news, details = KEYS[1], KEYS[2], KEYS[3]
local id = ARGV[1]

if redis.call('EXISTS', info) == 0 then return -1 end

local removed = redis.call('ZREM', news, id) + redis.call('HDEL', details, id)
if removed == 0 then return 0 end

redis.call('PUBLISH', ARGV[2], cjson.encode({ type = 'news-unpublished', slug = ARGV[3], id = id }))
return 1
