--[[
  Lists a project in the catalogue, or updates its card. Idempotent, so running it again after
  a crash between save-project.lua and it heals the catalogue. A listed project keeps its place,
  and its card keeps the newer of two totals (by when each was read), whoever writes last.

  KEYS[1] order  (zset, scores 0, members `<position>:<slug>`)   KEYS[2] cards  (hash slug -> JSON)
  KEYS[3] creatorPrefix  of the per-creator slug sets   KEYS[4] changes  the catalogue's channel (SPUBLISH:
  each instance renders its cached catalogue pages again on their next view)
  KEYS[5] ends  (zset slug -> endsAt: the ends still to announce, lib/live-events/campaign-end.ts)
  KEYS[6] ending  (zset, scores 0, members `<endsAt, 13 digits>:<slug>`: "ending soon")
  ARGV[1] slug   ARGV[2] member  in order, used when the project is new   ARGV[3] card  (JSON, with
  raised, raisedAt and creatorAccount; `key` is filled in here)

  Returns 1 when the project was newly listed, 0 when its card was updated
]]
local card = cjson.decode(ARGV[3])
local old = redis.call('HGET', KEYS[2], ARGV[1])
local listed = 0
local function endingMember(endsAt) return string.format('%013d:%s', endsAt, ARGV[1]) end
if old then
  local previous = cjson.decode(old)
  if previous.endsAt then redis.call('ZREM', KEYS[6], endingMember(previous.endsAt)) end
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
if card.endsAt then
  redis.call('ZADD', KEYS[5], card.endsAt, ARGV[1])
  redis.call('ZADD', KEYS[6], 0, endingMember(card.endsAt))
else
  redis.call('ZREM', KEYS[5], ARGV[1])
end
redis.call('SADD', KEYS[3] .. card.creatorAccount, ARGV[1])
redis.call('SPUBLISH', KEYS[4], 'saved')
return listed
