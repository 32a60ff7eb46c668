--[[
  Records the answer to one question of a session, once, and scores it, in one step: two
  requests racing to answer the same question cannot both count. A right answer earns its
  points plus a speed bonus for the time since the previous answer (or the start), measured
  here between two server clock readings, never sent by the client (lib/quiz/scoring.ts).

  KEYS[1] session hash
  ARGV[1] question id   ARGV[2] the choice made   ARGV[3] 1 when it is the right one, else 0
  ARGV[4] now (ms, the server's clock)   ARGV[5] points for a right answer
  ARGV[6] most speed bonus   ARGV[7] ms per bonus point lost

  Returns {status, score, points, bonus, elapsed}
    status  1 recorded, 0 answered already, -1 no such session (unknown or expired),
            -2 not a question of this session, -3 the session was submitted
    score   the session's running score; points, bonus, elapsed (ms) of this answer
]]
local OPEN = '-'
local session, field = KEYS[1], 'q:' .. ARGV[1]

if redis.call('EXISTS', session) == 0 then return { -1, 0, 0, 0, 0 } end
local score = tonumber(redis.call('HGET', session, 'score'))
if redis.call('HEXISTS', session, 'submitted') == 1 then return { -3, score, 0, 0, 0 } end
local current = redis.call('HGET', session, field)
if not current then return { -2, score, 0, 0, 0 } end
if current ~= OPEN then return { 0, score, 0, 0, 0 } end

local now = tonumber(ARGV[4])
-- Clocks of two app instances may disagree a little: a negative time counts as none.
local elapsed = math.max(0, now - tonumber(redis.call('HGET', session, 'last')))
local points, bonus = 0, 0
if ARGV[3] == '1' then
  points = tonumber(ARGV[5])
  bonus = math.max(0, tonumber(ARGV[6]) - math.floor(elapsed / tonumber(ARGV[7])))
end
redis.call('HSET', session, field, ARGV[2], 'p:' .. ARGV[1], points .. ':' .. bonus .. ':' .. elapsed, 'last', now)
redis.call('HINCRBY', session, 'answered', 1)
score = redis.call('HINCRBY', session, 'score', points + bonus)
return { 1, score, points, bonus, elapsed }
