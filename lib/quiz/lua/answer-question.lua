--[[
  Records the answer to one question of a session, once, and scores it, in one step: two
  requests racing to answer the same question cannot both count.

  KEYS[1] session hash
  ARGV[1] question id   ARGV[2] the choice made   ARGV[3] 1 when it is the right one, else 0

  Returns {status, score}
    status  1 recorded, 0 answered already, -1 no such session (unknown or expired),
            -2 not a question of this session, -3 the session was submitted
]]
local OPEN = '-'
local session, field = KEYS[1], 'q:' .. ARGV[1]

if redis.call('EXISTS', session) == 0 then return { -1, 0 } end
local score = tonumber(redis.call('HGET', session, 'score'))
if redis.call('HEXISTS', session, 'submitted') == 1 then return { -3, score } end
local current = redis.call('HGET', session, field)
if not current then return { -2, score } end
if current ~= OPEN then return { 0, score } end

redis.call('HSET', session, field, ARGV[2])
redis.call('HINCRBY', session, 'answered', 1)
if ARGV[3] == '1' then score = redis.call('HINCRBY', session, 'score', 1) end
return { 1, score }
