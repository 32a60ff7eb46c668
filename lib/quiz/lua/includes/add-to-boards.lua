--[[
  Shared helper, included by the quiz's submit-session.lua (and the bench's add-entry.lua).

  boardsFrom(KEYS, firstKey, count, ARGV, firstArg)
    `count` boards (the app's three: day, week, all time) from consecutive KEYS and ARGV: per
    board its period name, key suffix (after the board prefix), period id and expiry (ms, 0: none).

  addToBoards(boards, keys, entry, size)
    keys: {version, channel, entryPrefix, boardPrefix, bestsPrefix, histogramPrefix, hidden,
    networkPrefix, playersAtScorePrefix}, all KEYS of the calling script, so a prefix of another
    slot is refused (CROSSSLOT on Redis Cluster) rather than written to. entry: {id, player,
    name, points, date, networks, caps}: `networks` the submit's networks, narrowest first, and
    `caps` the rows each may hold per board, comma-separated ('' for none: never counted).
    One row per player per board, their best (player-bests.lua): on each board where the points
    beat the player's best (or the player has none), the best and the counts move, the player's
    old row leaves the board, and the entry takes a row when it beats the last place (or the
    board has room). Ranks are shared by equal scores (board-order.lua): a score equal to the
    last place of a full board takes no row (the earlier rows keep theirs) but shares that rank,
    and the answer says so. A lower score than the player's best changes nothing on that board;
    an equal one stands where their best does. A hidden player changes nothing anywhere.
    At most its cap of rows per network per board (network-rows.lua): when the entry would take a
    row and one of its networks holds its cap there already (the player's own old row gone
    first), it takes the place of the lowest row of the narrowest full network if it beats it,
    shares that row's rank without a row if it equals it, else it stays off that board, unranked
    (the best and the counts have moved all the same).
    The entry is added once: one string shared by the boards it entered, one member, one
    sequence. Each board it entered is trimmed to `size`; an entry pushed out (or replaced by its
    player's better one, or by a better row of its network) is released (entry-records.lua), its
    string deleted only when no board holds it any more. Publishes one change carrying the
    entry's place on each board (its rank, whether it holds a row, the threshold, how many share
    the last place, the network's row it replaced), when it took a row somewhere or changed a
    board's last place or the players sharing it (SPUBLISH: `channel` is in the boards' slot).
  Returns, per board: ranks (1-based, shared by equal scores; 0: unranked), thresholds (the
  fewest points that rank now: the last place's; 0 while the board has room), shared (players
  whose best there is this score, this one included; 0 when unranked), listed (1 when the entry
  holds a row there), improved (1 when the points beat the player's best there); then the version.
]]
--- @include "leaderboard/lua/includes/board-order.lua"
--- @include "leaderboard/lua/includes/entry-records.lua"
--- @include "leaderboard/lua/includes/network-rows.lua"
--- @include "leaderboard/lua/includes/player-bests.lua"

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
    dropRow(board, keys.networkPrefix, suffix, member, networksOfEntry(keys.entryPrefix, id))
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

-- The board's last place and how many players share its score: {points, players}, or nil while it has room.
local function cutoffOf(board, keys, size)
  local last = lastPlacePoints(board.key, size)
  if not last then return nil end
  return { points = last, players = playersAt(keys.playersAtScorePrefix .. board.suffix, last) }
end

local function sameCutoff(a, b)
  if not a or not b then return a == b end
  return a.points == b.points and a.players == b.players
end

local function addToBoards(boards, keys, entry, size)
  local points = tonumber(entry.points)
  local networks = splitList(entry.networks)
  local caps = {}
  for i, cap in ipairs(splitList(entry.caps) or {}) do caps[i] = tonumber(cap) end
  local capped = networks and #caps == #networks
  local ranks, thresholds, shared, listed, improved = {}, {}, {}, {}, {}
  local entering, standing, previousRows, before, suffixes, released, replaced, tiedOff = {}, {}, {}, {}, {}, {}, {}, {}
  local hidden = redis.call('SISMEMBER', keys.hidden, entry.player) == 1
  for i, board in ipairs(boards) do
    ranks[i], shared[i], listed[i], improved[i], entering[i] = 0, 0, 0, 0, false
    before[i] = cutoffOf(board, keys, size)
    local bests = keys.bestsPrefix .. board.suffix
    local previous = not hidden and bestOf(bests, entry.player)
    -- A score below the player's best does not stand; an equal one stands where their best does.
    standing[i] = not hidden and (not previous or points >= previous.points)
    if standing[i] and previous and points == previous.points then previousRows[i] = previous.entryId end
    if not hidden and (not previous or points > previous.points) then
      improved[i] = 1
      local counts = { histogram = keys.histogramPrefix .. board.suffix, playersAtScore = keys.playersAtScorePrefix .. board.suffix }
      setBest(bests, counts, entry.player, points, entry.id, previous or nil, board.expireAt)
      local old = previous and rowOn(board.key, keys.entryPrefix, previous.entryId)
      if old then
        -- The player's row makes way for their better one: one row per player, never two.
        dropRow(board.key, keys.networkPrefix, board.suffix, old.member, old.networks)
        released[previous.entryId] = true
      end
      local last = lastPlacePoints(board.key, size)
      -- An equal score reached later shares the last place's rank without a row: only more points take one.
      entering[i] = not last or points > last
      local lowest = entering[i] and capped and rowToReplace(keys.networkPrefix, board.suffix, networks, caps)
      if lowest then
        -- A network of the entry holds its cap here: a better row takes its lowest one's place, or none.
        entering[i] = points > lowest.points
        if entering[i] then
          local lowestId = entryIdOf(lowest.member)
          dropRow(board.key, keys.networkPrefix, board.suffix, lowest.member, networksOfEntry(keys.entryPrefix, lowestId))
          replaced[i] = lowestId
          released[replaced[i]] = true
        else
          -- Equal to its network's lowest row, it shares that row's rank without a row, as a tie at
          -- a full board's last place does: a perfect game is never told it missed the board.
          tiedOff[i] = points == lowest.points
          standing[i] = tiedOff[i]
        end
      end
      if entering[i] then suffixes[#suffixes + 1] = board.suffix end
    end
  end

  local sequence
  if #suffixes > 0 then
    sequence = redis.call('INCR', keys.version)
    local member = string.format('%0' .. SEQUENCE_DIGITS .. 'd', MAX_SEQUENCE - sequence) .. ':' .. entry.id
    redis.call('SET', keys.entryPrefix .. entry.id, cjson.encode({
      id = entry.id, player = entry.player, name = entry.name, score = points, date = tonumber(entry.date), member = member, boards = suffixes,
      networks = networks,
    }))
    for i, board in ipairs(boards) do
      if entering[i] then
        addRow(board.key, keys.networkPrefix, board.suffix, member, entry.points, networks, board.expireAt)
        trimBoard(board.key, board.suffix, size, keys, released)
      end
    end
    -- Once per entry, however many boards dropped it: DEL only then, and only for those.
    for releasedId in pairs(released) do releaseEntry(keys.entryPrefix, keys.boardPrefix, releasedId) end
  end

  local placements, changed = {}, #suffixes > 0
  for i, board in ipairs(boards) do
    -- An entry that took a row beat the last place, so the trim kept it.
    local row = entering[i] or (previousRows[i] and rowOn(board.key, keys.entryPrefix, previousRows[i]) ~= nil)
    local after = cutoffOf(board, keys, size)
    local last = after and after.points
    if row then listed[i] = 1 end
    -- Ranked with a row, or without one as a tie: at the last place of a full board, or with its full network's lowest row.
    if standing[i] and (row or (last and points == last) or tiedOff[i]) then
      ranks[i] = rankOf(board.key, entry.points)
      shared[i] = playersAt(keys.playersAtScorePrefix .. board.suffix, points)
    end
    thresholds[i] = last or 0
    if not sameCutoff(before[i], after) then changed = true end
    placements[board.period] = {
      id = board.id, rank = ranks[i], threshold = thresholds[i], listed = listed[i] == 1,
      lastPlacePlayers = after and after.players or 0, replaced = replaced[i],
    }
  end
  if not changed then return ranks, thresholds, shared, listed, improved, tonumber(redis.call('GET', keys.version) or '0') end

  -- Expiries last: a board of a period long gone (the demo plays in the past) is dropped at once.
  for i, board in ipairs(boards) do
    if entering[i] and board.expireAt > 0 then redis.call('PEXPIREAT', board.key, board.expireAt) end
  end
  if #suffixes > 0 then expireEntry(keys.entryPrefix .. entry.id, keys.boardPrefix, suffixes) end
  -- A tie at the last place moves no row but changes how many share it: published all the same.
  sequence = sequence or redis.call('INCR', keys.version)
  redis.call('SPUBLISH', keys.channel, cjson.encode({
    type = 'entry-added', version = sequence, boards = placements,
    entry = { id = entry.id, player = entry.player, name = entry.name, score = points, date = tonumber(entry.date) },
  }))
  return ranks, thresholds, shared, listed, improved, sequence
end

-- The keys table addToBoards takes, from nine consecutive KEYS from `first`.
local function boardKeysFrom(keys, first)
  return {
    version = keys[first], channel = keys[first + 1], entryPrefix = keys[first + 2], boardPrefix = keys[first + 3],
    bestsPrefix = keys[first + 4], histogramPrefix = keys[first + 5], hidden = keys[first + 6], networkPrefix = keys[first + 7],
    playersAtScorePrefix = keys[first + 8],
  }
end
