#!lua flags=no-writes
--[[
  Reads the top of one or more boards in one round trip, with the version they share: per
  board ZRANGE 0 n-1 and one MGET of their strings (skipped when the board is empty: MGET with
  no keys is an error), its threshold, and how many players share its last place's score (on a
  full board, more than the rows it lists there when the tie runs past its end).

  KEYS[1] version  counter   KEYS[2] entryPrefix   KEYS[3] playersAtScorePrefix
  KEYS[4..] boards   (all in the boards' slot)
  ARGV[1] limit  how many entries (n >= 1)   ARGV[2] size  board size   ARGV[3..] suffixes  the boards' key suffixes

  Returns {version, {threshold, lastPlacePlayers, {entry JSON, ...} best first, at most n}, ...}
  (one per board; threshold and lastPlacePlayers 0 while the board has room)
]]
--- @include "leaderboard/lua/includes/board-order.lua"
--- @include "leaderboard/lua/includes/player-bests.lua"

local reply = { tonumber(redis.call('GET', KEYS[1]) or '0') }
for b = 4, #KEYS do
  local members = redis.call('ZRANGE', KEYS[b], 0, tonumber(ARGV[1]) - 1, 'REV')
  local entries = {}
  if #members > 0 then
    local keys = {}
    for i, member in ipairs(members) do keys[i] = KEYS[2] .. entryIdOf(member) end
    for _, entry in ipairs(redis.call('MGET', unpack(keys))) do
      if entry then entries[#entries + 1] = entry end
    end
  end
  local last = lastPlacePoints(KEYS[b], tonumber(ARGV[2]))
  reply[b - 2] = { last or 0, last and playersAt(KEYS[3] .. ARGV[b - 1], last) or 0, entries }
end
return reply
