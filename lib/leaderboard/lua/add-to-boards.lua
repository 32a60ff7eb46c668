--[[
  Shared helper, included by add-entry.lua and ../../quiz/lua/submit-session.lua.

  boardsFrom(KEYS, firstKey, count, ARGV, firstArg)
    `count` boards (the app's three: day, week, all time) from consecutive KEYS and ARGV: per
    board its period name, key suffix (after the board prefix), period id and expiry (ms, 0: none).

  addToBoards(boards, version, channel, entryPrefix, boardPrefix, id, name, points, date, size)
    `version`, `channel` and both prefixes are KEYS of the calling script, so a prefix of another
    slot is refused (CROSSSLOT on Redis Cluster) rather than written to.
    Adds the entry to every board whose last place it beats (or that has room), once: one string
    shared by the boards, one member, one sequence. Each board it entered is trimmed to `size`;
    an entry pushed out is released (entry-records.lua), its string deleted only when no board
    holds it any more. Publishes one change carrying the entry's place on each board (SPUBLISH:
    `channel` is in the boards' slot). An entry
    that enters no board writes nothing and publishes nothing.
  Returns ranks (per board, 1-based, 0 when not entered), thresholds (per board, the fewest
  points that enter it now, 0 while it has room), version.
]]
--- @include "board-order.lua"
--- @include "entry-records.lua"

local function boardsFrom(keys, firstKey, count, argv, firstArg)
  local boards = {}
  for i = 0, count - 1 do
    local arg = firstArg + 4 * i
    boards[i + 1] = {
      key = keys[firstKey + i], period = argv[arg], suffix = argv[arg + 1], id = argv[arg + 2], expireAt = tonumber(argv[arg + 3]),
    }
  end
  return boards
end

-- Trims a board to `size`, noting the ids of the entries pushed out in `pushedOut` (a set).
local function trimBoard(board, size, pushedOut)
  local overflow = redis.call('ZCARD', board) - size
  if overflow <= 0 then return end
  for _, member in ipairs(redis.call('ZRANGE', board, 0, overflow - 1)) do pushedOut[entryIdOf(member)] = true end
  redis.call('ZREMRANGEBYRANK', board, 0, overflow - 1)
end

local function addToBoards(boards, version, channel, entryPrefix, boardPrefix, id, name, points, date, size)
  local entering, suffixes = {}, {}
  for i, board in ipairs(boards) do
    local last = lastPlacePoints(board.key, size)
    -- An equal score reached later ranks below the last place: only more points enter.
    entering[i] = not last or tonumber(points) > last
    if entering[i] then suffixes[#suffixes + 1] = board.suffix end
  end

  local ranks, thresholds = {}, {}
  for i = 1, #boards do ranks[i] = 0 end
  if #suffixes == 0 then
    for i, board in ipairs(boards) do thresholds[i] = entryThreshold(board.key, size) end
    return ranks, thresholds, tonumber(redis.call('GET', version) or '0')
  end

  local sequence = redis.call('INCR', version)
  local member = string.format('%0' .. SEQUENCE_DIGITS .. 'd', MAX_SEQUENCE - sequence) .. ':' .. id
  local entry = { id = id, name = name, score = tonumber(points), date = tonumber(date) }
  local key = entryPrefix .. id
  redis.call('SET', key, cjson.encode({ id = id, name = name, score = entry.score, date = entry.date, member = member, boards = suffixes }))
  local pushedOut = {}
  for i, board in ipairs(boards) do
    if entering[i] then
      redis.call('ZADD', board.key, points, member)
      trimBoard(board.key, size, pushedOut)
      ranks[i] = redis.call('ZREVRANK', board.key, member) + 1
    end
  end
  -- Once per entry, however many boards pushed it out: DEL only then, and only for those.
  for pushedId in pairs(pushedOut) do releaseEntry(entryPrefix, boardPrefix, pushedId) end

  local placements = {}
  for i, board in ipairs(boards) do
    thresholds[i] = entryThreshold(board.key, size)
    placements[board.period] = { id = board.id, rank = ranks[i], threshold = thresholds[i] }
  end
  -- Expiries last: a board of a period long gone (the seed plays in the past) is dropped at once.
  for i, board in ipairs(boards) do
    if entering[i] and board.expireAt > 0 then redis.call('PEXPIREAT', board.key, board.expireAt) end
  end
  expireEntry(key, boardPrefix, suffixes)

  redis.call('SPUBLISH', channel, cjson.encode({
    type = 'entry-added', version = sequence, entry = entry, boards = placements,
  }))
  return ranks, thresholds, sequence
end
