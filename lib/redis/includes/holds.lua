--[[
  Shared helper, included by the scripts that count a tier's places (lib/live-events/holds.ts).

  A tier's holds are one sorted set per tier, `<holds prefix><tier id>`: visitor -> the time
  the hold lapses (ms, Redis' clock). A place is free while `claimed + held < limit`; a lapsed
  hold is removed (ZREMRANGEBYSCORE) by the next script that counts, so the count is exact
  without a timer, and a page drops it at the same known time by itself.

  holdsClock(shift): Redis' clock (TIME) in ms, moved by `shift` (0 but in tests: the server's
    context sets it, never a request).
  holdsPrune(key, now): removes the holds lapsed by `now`; returns how many stand.
  holdsExpiries(key, now): the standing holds' expiry times, soonest first (a page ages them).
  holdsOf(tier, key, now): sets `tier.held` and `tier.holds` (nil for none: cjson writes an empty
    table as `{}`), for a reply or a change; returns `tier`.
]]
local function holdsClock(shift)
  local time = redis.call('TIME')
  return tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000) + (tonumber(shift) or 0)
end

-- A hold lapsing at `cutoff` is gone at it, as a member one window old is (event-kinds.lua).
local function holdsPrune(key, cutoff)
  redis.call('ZREMRANGEBYSCORE', key, '-inf', cutoff)
  return redis.call('ZCARD', key)
end

local function holdsExpiries(key, cutoff)
  local expiries = redis.call('ZRANGE', key, '(' .. cutoff, '+inf', 'BYSCORE', 'WITHSCORES')
  local times = {}
  for i = 2, #expiries, 2 do times[#times + 1] = tonumber(expiries[i]) end
  return times
end

local function holdsOf(tier, key, now)
  local times = holdsExpiries(key, now)
  tier.held = #times
  tier.holds = #times > 0 and times or nil
  return tier
end
