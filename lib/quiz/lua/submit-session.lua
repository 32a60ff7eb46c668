--[[
  Submits a quiz session to the leaderboards in one step: marks it submitted, then adds its
  score (read here, never sent by the client) to today's, this week's and the all time board,
  trims them and ranks the entry on each (lib/quiz/lua/includes/add-to-boards.lua, as the leaderboard does). One script,
  so a session is submitted once even when requests race, and a crash cannot leave it on a
  board without the mark (or marked twice). The session hash shares the boards' hash tag, so
  this runs on Redis Cluster.

  KEYS[1] session  hash   KEYS[2..4] boards  day, week, all time
  KEYS[5] version  counter   KEYS[6] changes  the boards' channel (SPUBLISH, in their slot)
  KEYS[7] entryPrefix   KEYS[8] boardPrefix   KEYS[9] bestsPrefix  player bests
  KEYS[10] histogramPrefix   KEYS[11] hidden  players (set)
  KEYS[12] networkRowsPrefix  (network-rows.lua)
  KEYS[13] playersAtScorePrefix  (player-bests.lua)   (all in the boards' slot)
  ARGV[1] id  the session's (the entry's id)   ARGV[2] name   ARGV[3] now  (ms), the entry's date
  ARGV[4] size  board size   ARGV[5] player  public id of the player who started the session (one row
          per player per board: add-to-boards.lua)
  ARGV[6] networks  the submit address's network ids, narrowest first, comma-separated ('' for none)
  ARGV[7] caps  the rows each of them may hold per board, comma-separated ('' for no cap)
  ARGV[8..19] periods  per board: period name, key suffix, period id, expiry (ms, 0: none)

  Returns {status, score, rank x3, threshold x3, shared x3, listed x3, improved x3} (day, week,
          all time) once submitted; submitted already, the same up to `listed`, then the name
          and the public player id
    status     1 submitted, -1 no such session (unknown or expired), -2 submitted already,
               -3 ended (its player started another session: see start-session.lua),
               -4 started by another player (nothing written, nothing read)
    rank       1-based, shared by equal scores, 0 when the score does not rank on that board;
               submitted already: where the entry stands now, so that a retry of a submit whose
               answer was lost (a 503: no replica confirmed it) still learns where it landed
    threshold  the fewest points that rank on that board now (0 while it has room)
    shared     players whose best on that board is this score, this one included (0: unranked)
    listed     1 when the entry holds a row on that board (a tie at the last place holds none)
    improved   1 when the score beat the player's best on that board, else 0
    name, player  submitted already: the name and the public player id it was submitted under
]]
--- @include "quiz/lua/includes/add-to-boards.lua"
--- @include "quiz/lua/includes/standing.lua"

local session, size = KEYS[1], tonumber(ARGV[4])

if redis.call('EXISTS', session) == 0 then return { -1, 0, 0, 0, 0, 0, 0, 0 } end
-- Only the player who started the session submits it; anyone else learns nothing of it.
if redis.call('HGET', session, 'player') ~= ARGV[5] then return { -4, 0, 0, 0, 0, 0, 0, 0 } end
if redis.call('HEXISTS', session, 'ended') == 1 then return { -3, 0, 0, 0, 0, 0, 0, 0 } end
local score = redis.call('HGET', session, 'score')
if redis.call('HSETNX', session, 'submitted', ARGV[3]) == 0 then
  -- Submitted already: where that entry stands now, read rather than written.
  local standing = standingOf(session, { KEYS[2], KEYS[3], KEYS[4] }, KEYS[7], KEYS[13], { ARGV[9], ARGV[13], ARGV[17] }, ARGV[1], size)
  table.insert(standing, 1, -2)
  return standing
end
redis.call('HSET', session, 'name', ARGV[2])

local ranks, thresholds, shared, listed, improved = addToBoards(
  boardsFrom(KEYS, 2, 3, ARGV, 8), boardKeysFrom(KEYS, 5),
  { id = ARGV[1], player = ARGV[5], name = ARGV[2], points = score, date = ARGV[3], networks = ARGV[6], caps = ARGV[7] }, size)
local reply = { 1, tonumber(score) }
for _, values in ipairs({ ranks, thresholds, shared, listed, improved }) do
  for i = 1, 3 do reply[#reply + 1] = values[i] end
end
return reply
