--[[
  Takes a project off the catalogue: its place in the order, its card and its creator's index.
  Idempotent, so an unlisted project saved again (a PUT retried) changes nothing here.

  KEYS[1] order  (zset)   KEYS[2] cards  (hash slug -> JSON)   KEYS[3] creatorPrefix  of the per-creator slug sets
  KEYS[4] changes  the catalogue's channel (SPUBLISH: cached catalogue pages render again)
  KEYS[5] ends  (zset slug -> endsAt: an unlisted project's end is announced too)
  KEYS[6] ending  (zset of `<endsAt, 13 digits>:<slug>`: the listed ones only)
  ARGV[1] slug   ARGV[2] endsAt  ('' when it never ends)

  Returns 1 when the project was listed and is no longer, 0 when it was not listed
]]
if ARGV[2] ~= '' then redis.call('ZADD', KEYS[5], ARGV[2], ARGV[1]) else redis.call('ZREM', KEYS[5], ARGV[1]) end
local json = redis.call('HGET', KEYS[2], ARGV[1])
if not json then return 0 end
local card = cjson.decode(json)
redis.call('ZREM', KEYS[1], card.key)
if card.endsAt then redis.call('ZREM', KEYS[6], string.format('%013d:%s', card.endsAt, ARGV[1])) end
redis.call('SREM', KEYS[3] .. card.creatorAccount, ARGV[1])
redis.call('HDEL', KEYS[2], ARGV[1])
redis.call('SPUBLISH', KEYS[4], 'unlisted')
return 1
