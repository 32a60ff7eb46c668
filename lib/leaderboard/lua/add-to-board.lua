--[[
  Shared helper, included by add-entry.lua and ../../quiz/lua/submit-session.lua.

  addToBoard(index, version, entryPrefix, id, name, points, date, size, channel)
    Adds the entry when its points beat the last place of a full board (or the board has room),
    stores its JSON string, trims the board to `size` deleting the pushed-out entries' strings,
    and publishes the change (SPUBLISH: `channel` is in the board's slot). A score that would not enter writes nothing and publishes nothing.
    Keys built from entryPrefix share the board's hash tag, so they are in the script's slot.
  Returns rank (1-based, 0 when off the board), threshold (the fewest points that enter now),
  version (the board's change counter).
]]
--- @include "board-order.lua"

local function trimBoard(index, entryPrefix, size)
  local overflow = redis.call('ZCARD', index) - size
  -- The seed called DEL with no keys on a short board, which is an error.
  if overflow <= 0 then return end
  local pushedOut = redis.call('ZRANGE', index, 0, overflow - 1)
  -- unpack() is limited by Lua's stack: delete in slices (one, unless the size was lowered).
  for first = 1, #pushedOut, 500 do
    local keys = {}
    for i = first, math.min(first + 499, #pushedOut) do keys[#keys + 1] = entryPrefix .. entryIdOf(pushedOut[i]) end
    redis.call('DEL', unpack(keys))
  end
  redis.call('ZREMRANGEBYRANK', index, 0, overflow - 1)
end

local function addToBoard(index, version, entryPrefix, id, name, points, date, size, channel)
  local last = lastPlacePoints(index, size)
  -- An equal score reached later ranks below the last place: only more points enter.
  if last and tonumber(points) <= last then
    return 0, last + 1, tonumber(redis.call('GET', version) or '0')
  end

  local sequence = redis.call('INCR', version)
  local member = string.format('%0' .. SEQUENCE_DIGITS .. 'd', MAX_SEQUENCE - sequence) .. ':' .. id
  local entry = { id = id, name = name, score = tonumber(points), date = tonumber(date) }
  redis.call('SET', entryPrefix .. id, cjson.encode(entry))
  redis.call('ZADD', index, points, member)
  trimBoard(index, entryPrefix, size)

  entry.rank = redis.call('ZREVRANK', index, member) + 1
  local threshold = entryThreshold(index, size)
  redis.call('SPUBLISH', channel, cjson.encode({ type = 'entry-added', version = sequence, entry = entry, threshold = threshold }))
  return entry.rank, threshold, sequence
end
