#!lua flags=no-writes
--[[
  Reads a project's live state in one round trip, without writing, for any list of kinds
  (lib/live-events/kinds.ts): members past their window are filtered out by score here and
  removed by the next write.

  KEYS[1] project info hash   KEYS[2] activity timeline list
  KEYS[3] holds  prefix of the tiers' hold zsets (includes/holds.lua)
  KEYS[4..] per kind, in the order of ARGV: counter -> its zset; list -> its zset, its details
            hash; presence -> its visitors zset
  ARGV[1] now (ms)   ARGV[2] how many activity entries to return
  ARGV[3] clockShift  ms added to Redis' clock for holds (0 but in tests)
  ARGV[4..] per kind, three each: shape ('counter' | 'list' | 'presence'), window (ms), limit
            (counter: how many of the oldest times; list: how many of the newest members)

  Returns nil for an unknown project, else
    {raised, version (the last change published: publish-change.lua), backers (pledges standing),
     endsAt ('' for none), goal, tiers (JSON, each with its `claimed`, and a limited one its standing `holds`' expiry times),
     {hasMore, entry, ...} the head of the activity timeline (timelinePage),
     then per kind: counter {count, {at, ...} oldest first}; list {id, at, details JSON, ...}
     newest first; presence count}
]]
--- @include "includes/timeline.lua"
--- @include "includes/event-kinds.lua"
--- @include "includes/holds.lua"
local info, activity = KEYS[1], KEYS[2]
local now = tonumber(ARGV[1])

if redis.call('EXISTS', info) == 0 then return nil end

local tiers = cjson.decode(redis.call('HGET', info, 'tiers') or '[]')
-- Holds lapsed but not yet pruned are left out by time: this script writes nothing.
local holdsNow = #tiers > 0 and holdsClock(ARGV[3]) or 0
for _, tier in ipairs(tiers) do
  tier.claimed = tonumber(redis.call('HGET', info, 'tier:' .. tier.id) or '0')
  if tier.limit then holdsOf(tier, KEYS[3] .. tier.id, holdsNow) end
end

local reply = {
  redis.call('HGET', info, 'raised') or '0',
  redis.call('HGET', info, 'version') or '0',
  redis.call('HGET', info, 'backers') or '0',
  redis.call('HGET', info, 'endsAt') or '',
  redis.call('HGET', info, 'goal') or '0',
  #tiers > 0 and cjson.encode(tiers) or '[]',
  timelinePage(activity, info, 'version', tonumber(ARGV[2]), 0),
}
local key = 4
for i = 4, #ARGV, 3 do
  local shape, cutoff, limit = ARGV[i], now - tonumber(ARGV[i + 1]), ARGV[i + 2]
  if shape == 'counter' then
    reply[#reply + 1] = { countSince(KEYS[key], cutoff), oldestTimes(KEYS[key], cutoff, limit) }
    key = key + 1
  elseif shape == 'list' then
    reply[#reply + 1] = newestMembers(KEYS[key], KEYS[key + 1], cutoff, limit)
    key = key + 2
  else
    reply[#reply + 1] = countSince(KEYS[key], cutoff)
    key = key + 1
  end
end
return reply
