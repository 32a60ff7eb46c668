--[[
  Records the answer to the question a session has revealed, once, scores it, and reveals the
  next, in one step: two requests racing to answer the same question cannot both count, and no
  question can be answered before its reveal. The client names a choice by the position it was
  shown at; the session's shown order maps it to the bank's choice. A right answer earns its
  points plus a speed bonus for the time since the question's reveal (the previous answer, or the
  start), measured here between two server clock readings, never sent by the client, and never
  counted as less than the floor (lib/quiz/scoring.ts).

  KEYS[1] session  hash
  ARGV[1] question  id   ARGV[2] choice  the shown position chosen   ARGV[3] answer  the right choice (bank index)
  ARGV[4] now  (ms, the server's clock)   ARGV[5] points  for a right answer
  ARGV[6] maxBonus  most speed bonus   ARGV[7] msPerBonusPoint  lost   ARGV[8] floor  (ms)
  ARGV[9] player  the public id of the one answering ('' when the server plays: the simulator)

  Returns {status, score, points, bonus, elapsed, answer, next, nextOrder}
    status  1 recorded, 0 answered already, -6 no session of this player (unknown, expired or
            another's: the same answer), -1 no such session (unknown or expired, `player` ''),
            -2 not a question of this session, -3 the session was submitted,
            -4 the question is not revealed yet, -5 the session was ended (its player started another)
    score   the session's running score; points, bonus, elapsed (ms) of this answer
    answer  the shown position of the right choice
    next, nextOrder   the question revealed now and its shown order ('' after the last)
]]
local OPEN = '-'
local session, question = KEYS[1], ARGV[1]

if ARGV[9] ~= '' and redis.call('HGET', session, 'player') ~= ARGV[9] then return { -6, 0, 0, 0, 0, 0, '', '' } end
if redis.call('EXISTS', session) == 0 then return { -1, 0, 0, 0, 0, 0, '', '' } end
local s = redis.call('HMGET', session, 'score', 'submitted', 'ended', 'order', 'answered', 'last', 'q:' .. question, 'c:' .. question)
local score = tonumber(s[1])
if s[2] then return { -3, score, 0, 0, 0, 0, '', '' } end
if s[3] then return { -5, score, 0, 0, 0, 0, '', '' } end
if not s[7] then return { -2, score, 0, 0, 0, 0, '', '' } end
if s[7] ~= OPEN then return { 0, score, 0, 0, 0, 0, '', '' } end

local order, answered = {}, tonumber(s[5])
for id in string.gmatch(s[4], '[^,]+') do order[#order + 1] = id end
if order[answered + 1] ~= question then return { -4, score, 0, 0, 0, 0, '', '' } end

local shown, right = s[8], ARGV[3]
local position = tonumber(ARGV[2])
local now = tonumber(ARGV[4])
-- Clocks of two app instances may disagree a little: a negative time counts as none.
local elapsed = math.max(0, now - tonumber(s[6]))
local points, bonus = 0, 0
if string.sub(shown, position + 1, position + 1) == right then
  points = tonumber(ARGV[5])
  bonus = math.max(0, tonumber(ARGV[6]) - math.floor(math.max(elapsed, tonumber(ARGV[8])) / tonumber(ARGV[7])))
end
redis.call('HSET', session, 'q:' .. question, position, 'p:' .. question, points .. ':' .. bonus .. ':' .. elapsed, 'last', now)
redis.call('HINCRBY', session, 'answered', 1)
score = redis.call('HINCRBY', session, 'score', points + bonus)
local next = order[answered + 2]
local nextOrder = next and redis.call('HGET', session, 'c:' .. next) or ''
return { 1, score, points, bonus, elapsed, string.find(shown, right, 1, true) - 1, next or '', nextOrder }
