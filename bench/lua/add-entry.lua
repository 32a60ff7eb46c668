--[[
  The bench's entry (bench/board-entries.ts): what a quiz submit does to the boards
  (add-to-boards.lua, as lib/quiz/lua/submit-session.lua runs it) at a score the bench
  chooses, without a session.

  KEYS[1..n] boards  (zsets: member -> points): day, week, all time, n = 3; or the all time
             board alone (the baseline of what three boards cost)
  KEYS[n+1..n+9] version, changes, entryPrefix, boardPrefix, bestsPrefix, histogramPrefix,
             hidden, networkRowsPrefix, playersAtScorePrefix   (all in the boards' slot)
  ARGV[1] id  the entry's   ARGV[2] player  public id   ARGV[3] name   ARGV[4] points  (an integer)
  ARGV[5] date  (ms)   ARGV[6] size  board size
  ARGV[7..] periods  per board: period name, key suffix, period id, expiry (ms, 0: none)

  Returns {rank per board..., threshold per board..., shared per board..., listed per board...,
  improved per board..., version} (add-to-boards.lua)
]]
--- @include "quiz/lua/includes/add-to-boards.lua"

local count = #KEYS - 9
local ranks, thresholds, shared, listed, improved, version = addToBoards(
  boardsFrom(KEYS, 1, count, ARGV, 7), boardKeysFrom(KEYS, count + 1),
  { id = ARGV[1], player = ARGV[2], name = ARGV[3], points = ARGV[4], date = ARGV[5] }, tonumber(ARGV[6]))
local reply = {}
for _, values in ipairs({ ranks, thresholds, shared, listed, improved }) do
  for i = 1, count do reply[#reply + 1] = values[i] end
end
reply[#reply + 1] = version
return reply
