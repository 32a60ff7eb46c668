--[[
  Shared helper, included by add-entry.lua and ../../quiz/lua/submit-session.lua.

  boardsFrom(KEYS, firstKey, count, ARGV, firstArg)
    `count` boards (the app's three: day, week, all time) from consecutive KEYS and ARGV: per
    board its period name, key suffix (after the board prefix), period id and expiry (ms, 0: none).

  addToBoards(boards, keys, entry, size, cap)
    keys: {version, channel, entryPrefix, boardPrefix, bestsPrefix, histogramPrefix, hidden,
    networkPrefix}, all KEYS of the calling script, so a prefix of another slot is refused
    (CROSSSLOT on Redis Cluster) rather than written to. entry: {id, player, name, points, date,
    network (nil: none, never capped)}. cap: rows per network per board (0: no cap).
    One row per player per board, their best (player-bests.lua): on each board where the points
    beat the player's best (or the player has none), the best and the histogram move, the
    player's old row leaves the board, and the entry enters when it beats the last place (or the
    board has room). A lower or equal score changes nothing on that board: an equal score keeps
    the earlier row. A hidden player (SISMEMBER keys.hidden) changes nothing anywhere.
    At most `cap` rows per network per board (network-rows.lua): when the entry would enter and
    its network holds `cap` rows there already (the player's own old row gone first), it takes
    the place of the network's lowest row if it beats it, else it stays off that board (the
    best and the histogram have moved all the same).
    The entry is added once: one string shared by the boards it entered, one member, one
    sequence. Each board it entered is trimmed to `size`; an entry pushed out (or replaced by its
    player's better one, or by a better row of its network) is released (entry-records.lua), its
    string deleted only when no board holds it any more. Publishes one change carrying the
    entry's place on each board, and the id of the network's row it replaced there, if any
    (SPUBLISH: `channel` is in the boards' slot). An entry that enters no board publishes nothing.
  Returns ranks (per board, 1-based, 0 when not entered), thresholds (per board, the fewest
  points that enter it now, 0 while it has room), improved (per board, 1 when the points beat
  the player's best there, else 0), version.
]]
--- @include "board-order.lua"
--- @include "entry-records.lua"
--- @include "network-rows.lua"
--- @include "player-bests.lua"

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

-- Trims a board to `size`, noting the ids of the entries pushed out in `released` (a set).
local function trimBoard(board, suffix, size, keys, released)
  local overflow = redis.call('ZCARD', board) - size
  if overflow <= 0 then return end
  for _, member in ipairs(redis.call('ZRANGE', board, 0, overflow - 1)) do
    local id = entryIdOf(member)
    released[id] = true
    dropRow(board, keys.networkPrefix, suffix, member, networkOfEntry(keys.entryPrefix, id))
  end
end

-- The member and record of entry `entryId` when `board` holds it, else nil.
local function rowOn(board, entryPrefix, entryId)
  local json = redis.call('GET', entryPrefix .. entryId)
  if not json then return nil end
  local record = cjson.decode(json)
  if redis.call('ZSCORE', board, record.member) then return record end
  return nil
end

local function addToBoards(boards, keys, entry, size, cap)
  local points = tonumber(entry.points)
  local network = entry.network ~= '' and entry.network or nil
  local ranks, thresholds, improved, entering, suffixes, released, replaced = {}, {}, {}, {}, {}, {}, {}
  local hidden = redis.call('SISMEMBER', keys.hidden, entry.player) == 1
  for i, board in ipairs(boards) do
    ranks[i], improved[i], entering[i] = 0, 0, false
    local bests = keys.bestsPrefix .. board.suffix
    local previous = not hidden and bestOf(bests, entry.player)
    if not hidden and (not previous or points > previous.points) then
      improved[i] = 1
      setBest(bests, keys.histogramPrefix .. board.suffix, entry.player, points, entry.id, previous or nil, board.expireAt)
      local old = previous and rowOn(board.key, keys.entryPrefix, previous.entryId)
      if old then
        -- The player's row makes way for their better one: one row per player, never two.
        dropRow(board.key, keys.networkPrefix, board.suffix, old.member, old.network)
        released[previous.entryId] = true
      end
      local last = lastPlacePoints(board.key, size)
      -- An equal score reached later ranks below the last place: only more points enter.
      entering[i] = not last or points > last
      local lowest = entering[i] and network and cap > 0 and rowToReplace(keys.networkPrefix, board.suffix, network, cap)
      if lowest then
        -- The network holds its `cap` rows here: a better row takes its lowest one's place, or none.
        entering[i] = points > lowest.points
        if entering[i] then
          dropRow(board.key, keys.networkPrefix, board.suffix, lowest.member, network)
          replaced[i] = entryIdOf(lowest.member)
          released[replaced[i]] = true
        end
      end
      if entering[i] then suffixes[#suffixes + 1] = board.suffix end
    end
  end

  if #suffixes == 0 then
    for i, board in ipairs(boards) do thresholds[i] = entryThreshold(board.key, size) end
    return ranks, thresholds, improved, tonumber(redis.call('GET', keys.version) or '0')
  end

  local sequence = redis.call('INCR', keys.version)
  local member = string.format('%0' .. SEQUENCE_DIGITS .. 'd', MAX_SEQUENCE - sequence) .. ':' .. entry.id
  local published = { id = entry.id, player = entry.player, name = entry.name, score = points, date = tonumber(entry.date) }
  local key = keys.entryPrefix .. entry.id
  redis.call('SET', key, cjson.encode({
    id = entry.id, player = entry.player, name = entry.name, score = points, date = published.date, member = member, boards = suffixes,
    network = network,
  }))
  for i, board in ipairs(boards) do
    if entering[i] then
      addRow(board.key, keys.networkPrefix, board.suffix, member, entry.points, network, board.expireAt)
      trimBoard(board.key, board.suffix, size, keys, released)
      ranks[i] = redis.call('ZREVRANK', board.key, member) + 1
    end
  end
  -- Once per entry, however many boards dropped it: DEL only then, and only for those.
  for releasedId in pairs(released) do releaseEntry(keys.entryPrefix, keys.boardPrefix, releasedId) end

  local placements = {}
  for i, board in ipairs(boards) do
    thresholds[i] = entryThreshold(board.key, size)
    placements[board.period] = { id = board.id, rank = ranks[i], threshold = thresholds[i], replaced = replaced[i] }
  end
  -- Expiries last: a board of a period long gone (the demo seed plays in the past) is dropped at once.
  for i, board in ipairs(boards) do
    if entering[i] and board.expireAt > 0 then redis.call('PEXPIREAT', board.key, board.expireAt) end
  end
  expireEntry(key, keys.boardPrefix, suffixes)

  redis.call('SPUBLISH', keys.channel, cjson.encode({
    type = 'entry-added', version = sequence, entry = published, boards = placements,
  }))
  return ranks, thresholds, improved, sequence
end

-- The keys table addToBoards takes, from eight consecutive KEYS from `first`.
local function boardKeysFrom(keys, first)
  return {
    version = keys[first], channel = keys[first + 1], entryPrefix = keys[first + 2], boardPrefix = keys[first + 3],
    bestsPrefix = keys[first + 4], histogramPrefix = keys[first + 5], hidden = keys[first + 6], networkPrefix = keys[first + 7],
  }
end
