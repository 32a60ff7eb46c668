--[[
  Starts a quiz session for a player, in one step: its questions, each still open, their choices
  in the order this session shows them, a score of 0 and an expiry, so that no session can exist
  without its TTL; and the player's previous open session, if any, is ended (a player has one
  open session at a time), so a script cannot play many games at once.

  KEYS[1] session  hash   KEYS[2] openSession  the player's (a string: the session id)
  KEYS[3] sessionPrefix  (all in the board's hash slot: see lib/leaderboard/keys.ts)
  ARGV[1] ttl  (ms)   ARGV[2] now  (ms)   ARGV[3] id  the session's   ARGV[4] player  (their public id: only they may submit it)
  ARGV[5..] questions  per question, in the order drawn: its id, then its shown order (a digit per shown
  position: the index of the bank's choice shown there, e.g. '2031')

  Returns 1, or 0 when a session with this id exists already (nothing is written).
  Fields: player, started, last (the time the current question was revealed: the start, then the
  latest answer; speed is measured from it), score, answered (questions answered, in order: the
  one revealed now is the next in `order`), submitted (once), ended (once: the player started
  another), order (the question ids, comma-separated, as drawn: a hash keeps no order a reader
  may rely on), q:<question id> = OPEN or the shown position chosen, c:<question id> = shown
  order, p:<question id> = `points:bonus:elapsed ms` once answered.
]]
local OPEN = '-'
local session, open, prefix = KEYS[1], KEYS[2], KEYS[3]

if redis.call('EXISTS', session) == 1 then return 0 end

local previous = redis.call('GET', open)
if previous then
  local old = prefix .. previous
  if redis.call('EXISTS', old) == 1 and redis.call('HEXISTS', old, 'submitted') == 0 then
    redis.call('HSETNX', old, 'ended', ARGV[2])
  end
end
redis.call('SET', open, ARGV[3], 'PX', ARGV[1])

local ids = {}
local fields = { 'player', ARGV[4], 'started', ARGV[2], 'last', ARGV[2], 'score', 0, 'answered', 0 }
for i = 5, #ARGV, 2 do
  ids[#ids + 1] = ARGV[i]
  fields[#fields + 1] = 'q:' .. ARGV[i]
  fields[#fields + 1] = OPEN
  fields[#fields + 1] = 'c:' .. ARGV[i]
  fields[#fields + 1] = ARGV[i + 1]
end
fields[#fields + 1] = 'order'
fields[#fields + 1] = table.concat(ids, ',')
redis.call('HSET', session, unpack(fields))
redis.call('PEXPIRE', session, ARGV[1])
return 1
