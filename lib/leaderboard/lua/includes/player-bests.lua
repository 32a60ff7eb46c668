--[[
  Shared helper, included by add-to-boards.lua, hide-player.lua and read-player.lua: each
  player's best on each board, each board's score histogram, and its count of players per score.

  A board (its key suffix, `day:2026-11-23`, `week:2026-W48`, `all`) has beside it
    bestsPrefix .. suffix          hash: public player id -> `<best points>:<entry id>`
    histogramPrefix .. suffix      hash: bucket (points // SCORE_BUCKET) -> players whose best is in it
    playersAtScorePrefix .. suffix hash: points -> players whose best is exactly that (ties)
  The prefixes are KEYS of the calling script. A player counts once per board: when their best
  improves, it leaves its old bucket and score for the new ones. The histogram has at most
  max points / SCORE_BUCKET + 1 fields (101 for the quiz's 0 to 10,000), the per-score count at
  most one per score a game can make (fewer than 10,000 for the quiz): bounded, however many
  play. Period boards' hashes expire with the board (PEXPIREAT).

  `counts` is {histogram = key, playersAtScore = key} for the board.
  bestOf(bests, player) -> {points, entryId} or nil
  setBest(bests, counts, player, points, entryId, previous, expireAt)
  forgetBest(bests, counts, player, previous)
  playersAt(playersAtScore, points)   how many players' best is `points`
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

local function countIn(hash, field, by)
  if redis.call('HINCRBY', hash, field, by) <= 0 then redis.call('HDEL', hash, field) end
end

local function countBest(counts, points, by)
  countIn(counts.histogram, bucketOf(points), by)
  countIn(counts.playersAtScore, string.format('%d', points), by)
end

local function playersAt(playersAtScore, points)
  return tonumber(redis.call('HGET', playersAtScore, string.format('%d', points)) or '0')
end

local function setBest(bests, counts, player, points, entryId, previous, expireAt)
  redis.call('HSET', bests, player, points .. ':' .. entryId)
  if previous then countBest(counts, previous.points, -1) end
  countBest(counts, points, 1)
  if expireAt > 0 then
    redis.call('PEXPIREAT', bests, expireAt)
    redis.call('PEXPIREAT', counts.histogram, expireAt)
    redis.call('PEXPIREAT', counts.playersAtScore, expireAt)
  end
end

local function forgetBest(bests, counts, player, previous)
  redis.call('HDEL', bests, player)
  countBest(counts, previous.points, -1)
end
