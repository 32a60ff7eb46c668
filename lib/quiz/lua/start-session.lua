--[[
  Starts a quiz session: its questions, each still open, a score of 0, and an expiry, in one
  step, so that no session can exist without its TTL.

  KEYS[1] session hash (in the board's hash slot: see lib/leaderboard/keys.ts)
  ARGV[1] time to live (ms)   ARGV[2] now (ms)   ARGV[3..] the session's question ids

  Returns 1, or 0 when a session with this id exists already (nothing is written).
  Fields: started, last (the latest answer, or the start: speed is measured from it), score, answered, submitted (once), order (the question ids, comma-separated,
  as drawn: a hash keeps no order a reader may rely on), q:<question id> = OPEN or the choice made,
  p:<question id> = `points:bonus:elapsed ms` once answered.
]]
local OPEN = '-'
local session = KEYS[1]

if redis.call('EXISTS', session) == 1 then return 0 end

local fields = { 'started', ARGV[2], 'last', ARGV[2], 'score', 0, 'answered', 0, 'order', table.concat({ unpack(ARGV, 3) }, ',') }
for i = 3, #ARGV do
  fields[#fields + 1] = 'q:' .. ARGV[i]
  fields[#fields + 1] = OPEN
end
redis.call('HSET', session, unpack(fields))
redis.call('PEXPIRE', session, ARGV[1])
return 1
