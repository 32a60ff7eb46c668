--[[
  Records one event in every kind it feeds, for kinds declared by a descriptor alone
  (lib/live-events/kinds.ts, recordEvent in record-event.ts): records, prunes, counts and publishes one
  versioned change. Writes with more to do (a contribution: the total, the activity timeline,
  the home feed) have their own script built from the same helpers (lib/live-events/lua/includes/event-kinds.lua).
  Sending the same id again changes nothing and answers with the original time.

  KEYS[1] info  project info hash   KEYS[2] changes  the project's channel (SPUBLISH)
  KEYS[3] details  the kinds' hash (id -> JSON array of what the member carries)
  KEYS[4..] kinds  one zset per kind, in the order of `kindSpecs`
  ARGV[1] now  (ms)   ARGV[2] id  the member's   ARGV[3] slug
  ARGV[4] carries  what the member carries: a JSON object, its fields in the kinds' order
  ARGV[5..] kindSpecs  per kind, three each: name, shape ('counter' | 'list'), window (ms)

  Returns {status, at}: status 1 recorded, 0 duplicate (at is the original's), -1 unknown project
]]
--- @include "live-events/lua/includes/event-kinds.lua"
--- @include "live-events/lua/includes/publish-change.lua"

local info, channel, details = KEYS[1], KEYS[2], KEYS[3]
local now, id = tonumber(ARGV[1]), ARGV[2]

if redis.call('EXISTS', info) == 0 then return { -1, 0 } end

local kinds, zsets, longest = {}, {}, 0
for i = 5, #ARGV, 3 do
  local kind = { zset = KEYS[4 + (i - 5) / 3], name = ARGV[i], shape = ARGV[i + 1], window = tonumber(ARGV[i + 2]) }
  kinds[#kinds + 1] = kind
  zsets[#zsets + 1] = kind.zset
  longest = math.max(longest, kind.window)
end
for _, kind in ipairs(kinds) do
  -- A member leaves the details hash once no kind of this write holds it.
  pruneExpired(kind.zset, now - kind.window, details, zsets)
end

for _, kind in ipairs(kinds) do
  local previous = redis.call('ZSCORE', kind.zset, id)
  if previous then return { 0, tonumber(previous) } end
end

local member = cjson.decode(ARGV[4])
local carried = {}
for _, field in ipairs(member.order) do carried[#carried + 1] = member.fields[field] end
redis.call('HSET', details, id, cjson.encode(carried))
redis.call('PEXPIRE', details, longest)

local names, counts = {}, {}
for _, kind in ipairs(kinds) do
  recordMember(kind.zset, id, now, kind.window)
  names[#names + 1] = kind.name
  if kind.shape == 'counter' then counts[kind.name] = countSince(kind.zset, now - kind.window) end
end

member.fields.id, member.fields.at = id, now
publishChange(info, channel, { type = 'event-recorded', slug = ARGV[3], kinds = names, member = member.fields, counts = counts })
return { 1, now }
