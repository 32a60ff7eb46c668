#!lua flags=no-writes
--[[
  Reads the top of one or more boards in one round trip, with the version they share: per
  board ZRANGE 0 n-1 (the capped-leaderboard write-up's `0 n` returned n + 1 entries) and one MGET of their strings,
  skipped when the board is empty (MGET with no keys is an error).

  KEYS[1] version counter   KEYS[2] entry key prefix (in the boards' slot)   KEYS[3..] boards
  ARGV[1] how many entries (n >= 1)   ARGV[2] board size

  Returns {version, {threshold, {entry JSON, ...} best first, at most n}, ...} (one per board)
]]
--- @include "board-order.lua"

local reply = { tonumber(redis.call('GET', KEYS[1]) or '0') }
for b = 3, #KEYS do
  local members = redis.call('ZRANGE', KEYS[b], 0, tonumber(ARGV[1]) - 1, 'REV')
  local entries = {}
  if #members > 0 then
    local keys = {}
    for i, member in ipairs(members) do keys[i] = KEYS[2] .. entryIdOf(member) end
    for _, entry in ipairs(redis.call('MGET', unpack(keys))) do
      if entry then entries[#entries + 1] = entry end
    end
  end
  reply[b - 1] = { entryThreshold(KEYS[b], tonumber(ARGV[2])), entries }
end
return reply
