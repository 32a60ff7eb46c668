--[[
  Adds one entry to a capped board in one step: stores its JSON string, indexes it, trims the
  board to its size deleting the strings of the entries pushed out, publishes the change, and
  answers with the new entry's rank. See add-to-board.lua for the ordering of equal scores.
  A quiz submit runs the same steps from ../../quiz/lua/submit-session.lua.

  KEYS[1] index zset (member -> points)   KEYS[2] version counter
  KEYS[3] the board's change channel (SPUBLISH, in the board's slot)
  ARGV[1] entry key prefix (shares the board's hash tag)
  ARGV[2] entry id   ARGV[3] name   ARGV[4] points (an integer)   ARGV[5] date (ms)
  ARGV[6] board size

  Returns {rank, threshold, version}
    rank       1-based, 0 when the points do not enter the board (then nothing is written)
    threshold  the fewest points that would enter the board now (0 while it has room)
]]
--- @include "add-to-board.lua"

local rank, threshold, version =
  addToBoard(KEYS[1], KEYS[2], ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5], tonumber(ARGV[6]), KEYS[3])
return { rank, threshold, version }
