--[[
  Shared helper, included after lib/leaderboard/lua/includes/board-order.lua and lib/leaderboard/lua/includes/player-bests.lua by
  submit-session.lua (a second submit) and read-standing.lua (a page reloaded after its submit).

  standingOf(session, boards, entryPrefix, playersAtScorePrefix, suffixes, entryId, size)
    Where a submitted session's score stands now: read only. The entry's string (its member)
    is at entryPrefix .. entryId, in the boards' slot; `suffixes` are the boards' key suffixes.
    Ranked while its row is on the board, or without one while the score ties a full board's
    last place (board-order.lua: equal scores share a rank).
  Returns {score, rank x3, threshold x3, shared x3, listed x3, name, player}, as submit-session.lua
]]
local function standingOf(session, boards, entryPrefix, playersAtScorePrefix, suffixes, entryId, size)
  local score = tonumber(redis.call('HGET', session, 'score'))
  local json = redis.call('GET', entryPrefix .. entryId)
  local record = json and cjson.decode(json)
  local ranks, thresholds, shared, listed = {}, {}, {}, {}
  for i, board in ipairs(boards) do
    local onBoard = record and redis.call('ZSCORE', board, record.member)
    local last = lastPlacePoints(board, size)
    ranks[i], shared[i], listed[i], thresholds[i] = 0, 0, onBoard and 1 or 0, last or 0
    if onBoard or (last and score == last) then
      ranks[i] = rankOf(board, score)
      shared[i] = playersAt(playersAtScorePrefix .. suffixes[i], score)
    end
  end
  local reply = { score }
  for _, values in ipairs({ ranks, thresholds, shared, listed }) do
    for i = 1, #boards do reply[#reply + 1] = values[i] end
  end
  reply[#reply + 1] = redis.call('HGET', session, 'name') or (record and record.name) or ''
  reply[#reply + 1] = redis.call('HGET', session, 'player') or (record and record.player) or ''
  return reply
end
