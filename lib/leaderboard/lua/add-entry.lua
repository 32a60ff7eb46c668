--[[
  Adds one entry to the day, week and all time boards in one step (add-to-boards.lua): stores
  its string once, indexes it on every board it beats the last place of, trims those boards
  releasing the entries pushed out, publishes the change, and ranks it on each board.
  A quiz submit runs the same steps from ../../quiz/lua/submit-session.lua.

  KEYS[1..n] the boards (zsets: member -> points): day, week, all time for the app, n = 3;
             the bench's baseline passes the all time board alone
  KEYS[n+1] version counter   KEYS[n+2] the boards' change channel (SPUBLISH, in their slot)
  KEYS[n+3] entry key prefix   KEYS[n+4] board key prefix (both in the boards' slot)
  ARGV[1] entry id   ARGV[2] name   ARGV[3] points (an integer)   ARGV[4] date (ms)
  ARGV[5] board size   ARGV[6..] per board: period name, key suffix, period id, expiry (ms, 0: none)

  Returns {rank per board..., threshold per board..., version}
    rank       1-based, 0 when the points do not enter that board
    threshold  the fewest points that would enter that board now (0 while it has room)
]]
--- @include "add-to-boards.lua"

local count = #KEYS - 4
local ranks, thresholds, version = addToBoards(
  boardsFrom(KEYS, 1, count, ARGV, 6), KEYS[count + 1], KEYS[count + 2], KEYS[count + 3], KEYS[count + 4],
  ARGV[1], ARGV[2], ARGV[3], ARGV[4], tonumber(ARGV[5]))
local reply = {}
for i = 1, count do reply[i], reply[count + i] = ranks[i], thresholds[i] end
reply[2 * count + 1] = version
return reply
