--[[
  Shared helper, included by add-to-boards.lua, the leaderboard's read-top.lua, read-player.lua and hide-player.lua, and the quiz's read-standing.lua: how entries are ordered.

  The index is a sorted set scored by points alone; its member is
  `<15 digits: MAX_SEQUENCE - sequence>:<entry id>`, where the sequence is the board's change
  counter at the moment the entry entered. Redis orders equal scores by member, bytewise, and
  ZRANGE ... REV returns the greater first: of two equal scores, the entry that entered first
  has the smaller sequence, so the greater inverted digits, and ranks higher. Exact because:
  points are integers below 2^53 (exact as doubles, and passed to ZADD as the caller's string,
  never through Lua's 14-digit number formatting); the tie-break shares no bits with them; and
  fixed-width digit strings compare exactly as the numbers they spell, for 10^15 - 1 changes.
  A counter rather than a clock: scripts run one at a time, so it is the true arrival order,
  with no equal milliseconds and no clock skew between app instances.

  Ranks are shared by equal scores (standard competition ranking, "1224"): a row's rank is 1 +
  the rows of the board with more points, whatever their order among equals.

  entryIdOf(member), lastPlacePoints(index, size) (nil while the board has room),
  rankThreshold(index, size) (the fewest points that rank now: the last place's, which a tie
  shares; 0 while the board has room), rankOf(index, points) (the rank a score shares).
]]
local MAX_SEQUENCE = 999999999999999
local SEQUENCE_DIGITS = 15

local function entryIdOf(member)
  return string.sub(member, SEQUENCE_DIGITS + 2)
end

-- The points of the last place of a full board, or nil while the board has room.
local function lastPlacePoints(index, size)
  local last = redis.call('ZRANGE', index, size - 1, size - 1, 'REV', 'WITHSCORES')
  return last[2] and tonumber(last[2]) or nil
end

local function rankThreshold(index, size)
  return lastPlacePoints(index, size) or 0
end

local function rankOf(index, points)
  return redis.call('ZCOUNT', index, '(' .. points, '+inf') + 1
end
