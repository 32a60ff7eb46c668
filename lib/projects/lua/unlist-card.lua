--[[
  Takes a project off the catalogue: its place in the order, its card and its creator's index.
  Idempotent, so an unlisted project saved again (a PUT retried) changes nothing here.

  KEYS[1] order (zset)   KEYS[2] cards (hash slug -> JSON)   KEYS[3] prefix of the per-creator slug sets
  KEYS[4] the catalogue's changes channel (SPUBLISH: cached catalogue pages render again)
  ARGV[1] slug

  Returns 1 when the project was listed and is no longer, 0 when it was not listed
]]
local json = redis.call('HGET', KEYS[2], ARGV[1])
if not json then return 0 end
local card = cjson.decode(json)
redis.call('ZREM', KEYS[1], card.key)
redis.call('SREM', KEYS[3] .. card.creatorAccount, ARGV[1])
redis.call('HDEL', KEYS[2], ARGV[1])
redis.call('SPUBLISH', KEYS[4], 'unlisted')
return 1
