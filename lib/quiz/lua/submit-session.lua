--[[
  Submits a quiz session to the leaderboard in one step: marks it submitted, then adds its
  score (read here, never sent by the client) to the board, trims the board and ranks the entry
  (add-to-board.lua). One script, so a session is submitted once even when requests race, and a
  crash cannot leave it on the board without the mark (or marked twice). The session hash
  shares the board's hash tag, so this runs on Redis Cluster.

  KEYS[1] session hash   KEYS[2] board index zset   KEYS[3] board version counter
  KEYS[4] the board's change channel (SPUBLISH, in the board's slot)
  ARGV[1] entry key prefix   ARGV[2] session id (the entry's id)   ARGV[3] name
  ARGV[4] now (ms), the entry's date   ARGV[5] board size

  Returns {status, score, rank, threshold}
    status     1 submitted, -1 no such session (unknown or expired), -2 submitted already
    rank       1-based, 0 when the score does not enter the board
    threshold  the fewest points that enter the board now (0 while it has room)
]]
--- @include "../../leaderboard/lua/add-to-board.lua"

local session = KEYS[1]

if redis.call('EXISTS', session) == 0 then return { -1, 0, 0, 0 } end
local score = redis.call('HGET', session, 'score')
if redis.call('HSETNX', session, 'submitted', ARGV[4]) == 0 then return { -2, tonumber(score), 0, 0 } end

local rank, threshold = addToBoard(KEYS[2], KEYS[3], ARGV[1], ARGV[2], ARGV[3], score, ARGV[4], tonumber(ARGV[5]), KEYS[4])
return { 1, tonumber(score), rank, threshold }
