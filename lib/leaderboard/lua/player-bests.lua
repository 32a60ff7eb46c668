--[[
  Shared helper, included by add-to-boards.lua, hide-player.lua and read-player.lua: each
  player's best on each board, and each board's score histogram.

  A board (its key suffix, `day:2026-11-23`, `week:2026-W48`, `all`) has beside it
    bestsPrefix .. suffix      hash: public player id -> `<best points>:<entry id>`
    histogramPrefix .. suffix  hash: bucket (points // SCORE_BUCKET) -> players whose best is in it
  Both prefixes are KEYS of the calling script. A player counts once per board: when their best
  improves, it leaves its old bucket for the new one. The histogram has at most
  max points / SCORE_BUCKET + 1 fields (101 for the quiz's 0 to 10,000): constant-size, however
  many play. Period boards' bests and histograms expire with the board (PEXPIREAT).

  bestOf(bests, player) -> {points, entryId} or nil
  setBest(bests, histogram, player, points, entryId, previous, expireAt)
  forgetBest(bests, histogram, player, previous)
  bucketOf(points)
]]
local SCORE_BUCKET = 100

local function bucketOf(points)
  return math.floor(points / SCORE_BUCKET)
end

local function bestOf(bests, player)
  local value = redis.call('HGET', bests, player)
  if not value then return nil end
  local points, entryId = string.match(value, '^(%d+):(.*)$')
  return { points = tonumber(points), entryId = entryId }
end

local function moveInHistogram(histogram, bucket, by)
  if redis.call('HINCRBY', histogram, bucket, by) <= 0 then redis.call('HDEL', histogram, bucket) end
end

local function setBest(bests, histogram, player, points, entryId, previous, expireAt)
  redis.call('HSET', bests, player, points .. ':' .. entryId)
  if previous then moveInHistogram(histogram, bucketOf(previous.points), -1) end
  moveInHistogram(histogram, bucketOf(points), 1)
  if expireAt > 0 then
    redis.call('PEXPIREAT', bests, expireAt)
    redis.call('PEXPIREAT', histogram, expireAt)
  end
end

local function forgetBest(bests, histogram, player, previous)
  redis.call('HDEL', bests, player)
  moveInHistogram(histogram, bucketOf(previous.points), -1)
end
