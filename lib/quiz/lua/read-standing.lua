#!lua flags=no-writes
--[[
  Where a submitted quiz session stands now, for its page reloaded after the submit (a submit
  answered 503 may have been kept: the player still sees the rank). Read only, one round trip.

  KEYS[1] session hash   KEYS[2] day board   KEYS[3] week board   KEYS[4] all time board
  KEYS[5] entry key prefix   KEYS[6] players-at-score prefix   (in the boards' slot)
  ARGV[1] session id (the entry's id)   ARGV[2] board size   ARGV[3..5] the boards' key suffixes

  Returns {score, rank x3, threshold x3, shared x3, listed x3, name, player} (standing.lua),
  or {} when the session is not submitted
]]
--- @include "includes/board-order.lua"
--- @include "includes/player-bests.lua"
--- @include "standing.lua"

if redis.call('HEXISTS', KEYS[1], 'submitted') == 0 then return {} end
return standingOf(KEYS[1], { KEYS[2], KEYS[3], KEYS[4] }, KEYS[5], KEYS[6], { ARGV[3], ARGV[4], ARGV[5] }, ARGV[1], tonumber(ARGV[2]))
