--[[
  Lists a project in the catalogue, or updates its card. Idempotent, so running it again after
  a crash between save-project.lua and it heals the catalogue. A listed project keeps its place,
  and its card keeps the newer of two totals (by when each was read), whoever writes last.

  KEYS[1] order (zset, scores 0, members `<position>:<slug>`)   KEYS[2] cards (hash slug -> JSON)
  KEYS[3] prefix of the per-creator slug sets   KEYS[4] the catalogue's changes channel (SPUBLISH:
  each instance renders its cached catalogue pages again on their next view)
  ARGV[1] slug   ARGV[2] order member, used when the project is new   ARGV[3] card (JSON, with
  raised, raisedAt and creatorAccount; `key` is filled in here)

  Returns 1 when the project was newly listed, 0 when its card was updated
]]
local card = cjson.decode(ARGV[3])
local old = redis.call('HGET', KEYS[2], ARGV[1])
local listed = 0
if old then
  local previous = cjson.decode(old)
  card.key = previous.key
  if previous.raisedAt > card.raisedAt then
    card.raised = previous.raised
    card.raisedAt = previous.raisedAt
  end
  if previous.creatorAccount ~= card.creatorAccount then
    redis.call('SREM', KEYS[3] .. previous.creatorAccount, ARGV[1])
  end
else
  card.key = ARGV[2]
  redis.call('ZADD', KEYS[1], 0, ARGV[2])
  listed = 1
end
redis.call('HSET', KEYS[2], ARGV[1], cjson.encode(card))
redis.call('SADD', KEYS[3] .. card.creatorAccount, ARGV[1])
redis.call('SPUBLISH', KEYS[4], 'saved')
return listed
