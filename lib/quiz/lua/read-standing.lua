#!lua flags=no-writes
--[[
  Where a submitted quiz session stands now, for its page reloaded after the submit (a submit
  answered 503 may have been kept: the player still sees the rank). Read only, one round trip.

  KEYS[1] session  hash   KEYS[2..4] boards  day, week, all time
  KEYS[5] entryPrefix   KEYS[6] playersAtScorePrefix   (in the boards' slot)
  ARGV[1] id  the session's (the entry's id)   ARGV[2] size  board size   ARGV[3..5] suffixes  the boards' key suffixes

  Returns {score, rank x3, threshold x3, shared x3, listed x3, name, player} (standing.lua),
  or {} when the session is not submitted
]]
--- @include "leaderboard/lua/includes/board-order.lua"
--- @include "leaderboard/lua/includes/player-bests.lua"
--- @include "quiz/lua/includes/standing.lua"

if redis.call('HEXISTS', KEYS[1], 'submitted') == 0 then return {} end
return standingOf(KEYS[1], { KEYS[2], KEYS[3], KEYS[4] }, KEYS[5], KEYS[6], { ARGV[3], ARGV[4], ARGV[5] }, ARGV[1], tonumber(ARGV[2]))
