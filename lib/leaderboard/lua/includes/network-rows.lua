--[[
  Shared helper, included by add-to-boards.lua, hide-player.lua and remove-board-entry.lua: the rows
  each network holds on each board, so that one address, or one provider's block of them,
  cannot own a board by minting players.

  A quiz entry carries the networks it was submitted from, narrowest first (`networks` in its
  string: keyed hashes of the address's scopes, lib/limits/limit-key.ts: an IPv4 address alone,
  an IPv6 address at its /64, /56 and /48; entries added without one are never counted), and
  each network has its cap (the /56 and /48 a few /64s' worth). Beside each board (its key
  suffix, `day:2026-11-23`, `week:2026-W48`, `all`):
    networkRowsPrefix .. suffix .. ':' .. network   sorted set: the network's rows on that board,
                                                     member -> points, as on the board
  Rows enter a board through addRow and leave it only through dropRow, which takes the member
  out of each of its networks' sets in the same step: so a set is exactly the network's rows on
  the board (trimmed, replaced, removed, hidden: all go through dropRow), its ZCARD the network's
  count, never drifting, and it holds at most the board's size. It takes the board's expiry, so
  a board that expires takes its network sets with it. networkRowsPrefix is a KEYS prefix of
  the calling script, in the boards' slot.

  dropRow(board, prefix, suffix, member, networks)  the board held it: 1, else 0
  addRow(board, prefix, suffix, member, points, networks, expireAt)
  networksOfEntry(entryPrefix, entryId)             the networks of a stored entry, or nil
  rowToReplace(prefix, suffix, networks, caps)      nil while every network holds fewer rows
                                                    than its cap; else the lowest row of the
                                                    narrowest full one {member, points}: it lies
                                                    in every wider network too (they nest), so
                                                    its place frees one in each full network
  splitList(text)                                   'a,b' -> {'a', 'b'}; '' -> nil
]]
local function networkRows(prefix, suffix, network)
  return prefix .. suffix .. ':' .. network
end

local function dropRow(board, prefix, suffix, member, networks)
  local removed = redis.call('ZREM', board, member)
  for _, network in ipairs(networks or {}) do redis.call('ZREM', networkRows(prefix, suffix, network), member) end
  return removed
end

local function addRow(board, prefix, suffix, member, points, networks, expireAt)
  redis.call('ZADD', board, points, member)
  for _, network in ipairs(networks or {}) do
    local rows = networkRows(prefix, suffix, network)
    redis.call('ZADD', rows, points, member)
    if expireAt > 0 then redis.call('PEXPIREAT', rows, expireAt) end
  end
end

local function networksOfEntry(entryPrefix, entryId)
  local json = redis.call('GET', entryPrefix .. entryId)
  return json and cjson.decode(json).networks or nil
end

local function rowToReplace(prefix, suffix, networks, caps)
  for i, network in ipairs(networks) do
    local rows = networkRows(prefix, suffix, network)
    if redis.call('ZCARD', rows) >= caps[i] then
      -- Lowest first, as the board orders them: of equal points, the later entry.
      local lowest = redis.call('ZRANGE', rows, 0, 0, 'WITHSCORES')
      return { member = lowest[1], points = tonumber(lowest[2]) }
    end
  end
  return nil
end

local function splitList(text)
  if not text or text == '' then return nil end
  local items = {}
  for item in string.gmatch(text, '[^,]+') do items[#items + 1] = item end
  return items
end
