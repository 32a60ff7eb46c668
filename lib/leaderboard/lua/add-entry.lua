--[[
  Adds one player's entry to the day, week and all time boards in one step (add-to-boards.lua):
  on each board the player's best moves up when the points beat it, their old row makes way,
  the entry is indexed when it beats the last place, the boards are trimmed releasing the
  entries pushed out, the change is published, and the entry is ranked on each board.
  A quiz submit runs the same steps from ../../quiz/lua/submit-session.lua.

  KEYS[1..n] the boards (zsets: member -> points): day, week, all time for the app, n = 3;
             the bench's baseline passes the all time board alone
  KEYS[n+1] version counter   KEYS[n+2] the boards' change channel (SPUBLISH, in their slot)
  KEYS[n+3] entry key prefix   KEYS[n+4] board key prefix   KEYS[n+5] player bests prefix
  KEYS[n+6] histogram prefix   KEYS[n+7] hidden players (set)
  KEYS[n+8] network rows prefix (network-rows.lua)   (all in the boards' slot)
  ARGV[1] entry id   ARGV[2] public player id   ARGV[3] name   ARGV[4] points (an integer)
  ARGV[5] date (ms)   ARGV[6] board size
  ARGV[7..] per board: period name, key suffix, period id, expiry (ms, 0: none)
  Entries added here carry no network: they are never counted against a network's rows.

  Returns {rank per board..., threshold per board..., improved per board..., version}
    rank       1-based, 0 when the points do not enter that board
    threshold  the fewest points that would enter that board now (0 while it has room)
    improved   1 when the points beat the player's best on that board, else 0
]]
--- @include "add-to-boards.lua"

local count = #KEYS - 8
local ranks, thresholds, improved, version = addToBoards(
  boardsFrom(KEYS, 1, count, ARGV, 7), boardKeysFrom(KEYS, count + 1),
  { id = ARGV[1], player = ARGV[2], name = ARGV[3], points = ARGV[4], date = ARGV[5] }, tonumber(ARGV[6]), 0)
local reply = {}
for i = 1, count do reply[i], reply[count + i], reply[2 * count + i] = ranks[i], thresholds[i], improved[i] end
reply[3 * count + 1] = version
return reply
