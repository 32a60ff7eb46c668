#!lua flags=no-writes
--[[
  Where a player stands on each board, read only, in one round trip: their best there, their
  exact rank (shared by equal scores: board-order.lua) while the board holds their row or their
  best ties its last place, and for everyone (on the board or far below it)
  what the board's score histogram says (player-bests.lua): how many players' bests lie in
  higher buckets, how many share the player's bucket, how many there are in all. No board needs
  to hold every player for this: the histogram has a field per 100 points, whoever plays.

  KEYS[1] entryPrefix   KEYS[2] boardPrefix   KEYS[3] bestsPrefix  player bests
  KEYS[4] histogramPrefix   KEYS[5] hidden  players (set)   (all in the boards' slot)
  ARGV[1] player  public player id   ARGV[2] size  board size   ARGV[3..] suffixes  the key suffixes of the boards asked about

  Returns {hidden (1 or 0), per board: {best (-1: none), rank (0: not on the board), above,
          inBucket (the player included), players}}
]]
--- @include "leaderboard/lua/includes/board-order.lua"
--- @include "leaderboard/lua/includes/player-bests.lua"

local entryPrefix, boardPrefix, bestsPrefix, histogramPrefix, hidden = unpack(KEYS, 1, 5)
local player = ARGV[1]
local reply = { redis.call('SISMEMBER', hidden, player) }
local size = tonumber(ARGV[2])
for i = 3, #ARGV do
  local best = bestOf(bestsPrefix .. ARGV[i], player)
  local bucket = best and bucketOf(best.points)
  local rank, above, inBucket, players = 0, 0, 0, 0
  local counts = redis.call('HGETALL', histogramPrefix .. ARGV[i])
  for j = 1, #counts, 2 do
    local field, count = tonumber(counts[j]), tonumber(counts[j + 1])
    players = players + count
    if bucket and field > bucket then above = above + count elseif field == bucket then inBucket = count end
  end
  if best then
    local json = redis.call('GET', entryPrefix .. best.entryId)
    local board = boardPrefix .. ARGV[i]
    local last = lastPlacePoints(board, size)
    if (json and redis.call('ZSCORE', board, cjson.decode(json).member)) or (last and best.points == last) then
      rank = rankOf(board, best.points)
    end
  end
  reply[i - 1] = { best and best.points or -1, rank, above, inBucket, players }
end
return reply
