--[[
  Shared helper, included after ../../leaderboard/lua/board-order.lua by submit-session.lua (a
  second submit) and read-standing.lua (a page reloaded after its submit).

  standingOf(session, boards, entryPrefix, entryId, size)
    Where a submitted session's entry stands now: read only. The entry's string (its member)
    is at entryPrefix .. entryId, in the boards' slot.
  Returns {score, rank per board (1-based, 0: not on it)..., threshold per board..., name, player}
]]
local function standingOf(session, boards, entryPrefix, entryId, size)
  local reply = { tonumber(redis.call('HGET', session, 'score')) }
  local json = redis.call('GET', entryPrefix .. entryId)
  local record = json and cjson.decode(json)
  for i, board in ipairs(boards) do
    local rank = record and redis.call('ZREVRANK', board, record.member)
    reply[1 + i] = rank and rank + 1 or 0
    reply[1 + #boards + i] = entryThreshold(board, size)
  end
  reply[2 + 2 * #boards] = redis.call('HGET', session, 'name') or (record and record.name) or ''
  reply[3 + 2 * #boards] = redis.call('HGET', session, 'public-player') or (record and record.player) or ''
  return reply
end
