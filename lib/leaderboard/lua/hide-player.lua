--[[
  Hides a player (moderation, as Google Play Games' players.hide): adds them to the hidden set,
  so that their later submits write nothing (add-to-boards.lua), takes their row off every board
  named, forgets their best there and takes them out of its counts (player-bests.lua), and
  publishes the removal so every open board drops their rows. In one step.

  KEYS[1] version  counter   KEYS[2] changes  the boards' channel (SPUBLISH, in their slot)
  KEYS[3] entryPrefix   KEYS[4] boardPrefix   KEYS[5] bestsPrefix  player bests
  KEYS[6] histogramPrefix   KEYS[7] hidden  players (set)
  KEYS[8] networkRowsPrefix  (network-rows.lua)   KEYS[9] playersAtScorePrefix
  (all in the boards' slot)
  ARGV[1] player  public player id   ARGV[2..] suffixes  the key suffixes of every board that may still exist
          (today's and the two days before, this week's and the two weeks before, all time)

  Returns {rows removed, version}; a change is published (and the version moves) only when a
  row was removed.
]]
--- @include "leaderboard/lua/includes/board-order.lua"
--- @include "leaderboard/lua/includes/entry-records.lua"
--- @include "leaderboard/lua/includes/player-bests.lua"
--- @include "leaderboard/lua/includes/network-rows.lua"

local version, channel, entryPrefix, boardPrefix, bestsPrefix, histogramPrefix, hidden, networkPrefix, playersAtScorePrefix = unpack(KEYS, 1, 9)
local player = ARGV[1]
redis.call('SADD', hidden, player)

local removed, released = 0, {}
for i = 2, #ARGV do
  local bests = bestsPrefix .. ARGV[i]
  local best = bestOf(bests, player)
  if best then
    forgetBest(bests, { histogram = histogramPrefix .. ARGV[i], playersAtScore = playersAtScorePrefix .. ARGV[i] }, player, best)
    local json = redis.call('GET', entryPrefix .. best.entryId)
    if json then
      local record = cjson.decode(json)
      removed = removed + dropRow(boardPrefix .. ARGV[i], networkPrefix, ARGV[i], record.member, record.networks)
      released[best.entryId] = true
    end
  end
end
for entryId in pairs(released) do releaseEntry(entryPrefix, boardPrefix, entryId) end

if removed == 0 then return { 0, tonumber(redis.call('GET', version) or '0') } end
local sequence = redis.call('INCR', version)
redis.call('SPUBLISH', channel, cjson.encode({ type = 'player-hidden', version = sequence, player = player }))
return { removed, sequence }
