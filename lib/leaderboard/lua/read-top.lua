#!lua flags=no-writes
--[[
  Reads the top of a board in one round trip: ZRANGE 0 n-1 (the seed's `0 n` returned n + 1
  entries) and one MGET of their strings, skipped when the board is empty (MGET with no keys
  is an error).

  KEYS[1] index zset   KEYS[2] version counter
  ARGV[1] entry key prefix   ARGV[2] how many entries (n >= 1)   ARGV[3] board size

  Returns {version, threshold, {entry JSON, ...} best first, at most n}
]]
--- @include "board-order.lua"

local index, version = KEYS[1], KEYS[2]
local members = redis.call('ZRANGE', index, 0, tonumber(ARGV[2]) - 1, 'REV')
local entries = {}
if #members > 0 then
  local keys = {}
  for i, member in ipairs(members) do keys[i] = ARGV[1] .. entryIdOf(member) end
  for _, entry in ipairs(redis.call('MGET', unpack(keys))) do
    if entry then entries[#entries + 1] = entry end
  end
end
return { tonumber(redis.call('GET', version) or '0'), entryThreshold(index, tonumber(ARGV[3])), entries }
