--[[
  Shared helper, included by add-to-boards.lua, hide-player.lua and remove-entry.lua: the rows
  each network holds on each board, so that one address cannot own a board by minting players.

  A quiz entry carries the network it was submitted from (`network` in its string: an HMAC of
  the request's limit key, lib/visitors/player.ts; entries of other games have none and are
  never counted). Beside each board (its key suffix, `day:2026-11-23`, `week:2026-W48`, `all`):
    networkRowsPrefix .. suffix .. ':' .. network   sorted set: the network's rows on that board,
                                                     member -> points, as on the board
  Rows enter a board through addRow and leave it only through dropRow, which takes the member
  out of the network's set in the same step: so the set is exactly the network's rows on the
  board (trimmed, replaced, removed, hidden: all go through dropRow), its ZCARD the network's
  count, never drifting, and it holds at most the board's size. It takes the board's expiry, so
  a board that expires takes its network sets with it. networkRowsPrefix is a KEYS prefix of
  the calling script, in the boards' slot.

  dropRow(board, prefix, suffix, member, network)   the board held it: 1, else 0
  addRow(board, prefix, suffix, member, points, network, expireAt)
  networkOfEntry(entryPrefix, entryId)              the network of a stored entry, or nil
  rowToReplace(prefix, suffix, network, cap)        nil while the network holds fewer than `cap`
                                                    rows; else its lowest row {member, points}
]]
local function networkRows(prefix, suffix, network)
  return prefix .. suffix .. ':' .. network
end

local function dropRow(board, prefix, suffix, member, network)
  local removed = redis.call('ZREM', board, member)
  if network then redis.call('ZREM', networkRows(prefix, suffix, network), member) end
  return removed
end

local function addRow(board, prefix, suffix, member, points, network, expireAt)
  redis.call('ZADD', board, points, member)
  if not network then return end
  local rows = networkRows(prefix, suffix, network)
  redis.call('ZADD', rows, points, member)
  if expireAt > 0 then redis.call('PEXPIREAT', rows, expireAt) end
end

local function networkOfEntry(entryPrefix, entryId)
  local json = redis.call('GET', entryPrefix .. entryId)
  return json and cjson.decode(json).network or nil
end

local function rowToReplace(prefix, suffix, network, cap)
  local rows = networkRows(prefix, suffix, network)
  if redis.call('ZCARD', rows) < cap then return nil end
  -- Lowest first, as the board orders them: of equal points, the later entry.
  local lowest = redis.call('ZRANGE', rows, 0, 0, 'WITHSCORES')
  return { member = lowest[1], points = tonumber(lowest[2]) }
end
