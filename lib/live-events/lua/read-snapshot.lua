#!lua flags=no-writes
--[[
  Reads a project's live state in one round trip, without writing: members past their window
  are filtered out by score here and removed by the next write.

  KEYS[1] project info hash   KEYS[2] contributions zset   KEYS[3] contributors zset
  KEYS[4] contribution details hash   KEYS[5] news zset   KEYS[6] news details hash
  KEYS[7] visitors zset   KEYS[8] activity feed list
  ARGV[1] now (ms)
  ARGV[2] contributions window   ARGV[3] contributors window   ARGV[4] news window
  ARGV[5] visitors window (ms)
  ARGV[6] how many of the oldest contribution times to return (the client counts them down)
  ARGV[7] how many contributors to return   ARGV[8] how many news items to return
  ARGV[9] how many activity feed entries to return

  Returns nil for an unknown project, else
    {raised, contributions count, {at, ...} oldest first,
     {id, at, details JSON, ...} newest first (contributors), {id, at, details JSON, ...} (news),
     visitors count, version (the last change published: see publish-change.lua),
     {hasMore, entry, ...} the head of the activity feed (timelinePage)}
]]
--- @include "../../timeline/lua/timeline.lua"
local info, contributions, contributors, contributionDetails, news, newsDetails, visitors, activity =
  KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6], KEYS[7], KEYS[8]
local now = tonumber(ARGV[1])

if redis.call('EXISTS', info) == 0 then return nil end

local function since(window) return '(' .. (now - tonumber(window)) end

local function newestWithDetails(zset, details, window, limit)
  local entries = redis.call('ZRANGE', zset, '+inf', since(window), 'BYSCORE', 'REV', 'LIMIT', 0, limit, 'WITHSCORES')
  local ids = {}
  for i = 1, #entries, 2 do ids[#ids + 1] = entries[i] end
  if #ids == 0 then return {} end
  local stored = redis.call('HMGET', details, unpack(ids))
  local flat = {}
  for i, id in ipairs(ids) do
    if stored[i] then
      flat[#flat + 1] = id
      flat[#flat + 1] = entries[i * 2]
      flat[#flat + 1] = stored[i]
    end
  end
  return flat
end

local oldest = redis.call('ZRANGE', contributions, since(ARGV[2]), '+inf', 'BYSCORE', 'LIMIT', 0, ARGV[6], 'WITHSCORES')
local oldestTimes = {}
for i = 2, #oldest, 2 do oldestTimes[#oldestTimes + 1] = oldest[i] end

return {
  redis.call('HGET', info, 'raised') or '0',
  redis.call('ZCOUNT', contributions, since(ARGV[2]), '+inf'),
  oldestTimes,
  newestWithDetails(contributors, contributionDetails, ARGV[3], ARGV[7]),
  newestWithDetails(news, newsDetails, ARGV[4], ARGV[8]),
  redis.call('ZCOUNT', visitors, since(ARGV[5]), '+inf'),
  redis.call('HGET', info, 'version') or '0',
  timelinePage(activity, info, 'version', tonumber(ARGV[9]), 0),
}
