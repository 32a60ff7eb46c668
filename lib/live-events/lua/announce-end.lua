--[[
  Announces a campaign's end once: the followers' home feeds get one "ended: funded / not funded"
  entry, its id `ended-<endsAt>`, so running this again, on any instance, after any restart,
  finds the entry (or the `endAnnounced` mark it leaves in `info`) and adds nothing. The end is
  read on Redis' clock, as record-contribution.lua refuses contributions on it.

  KEYS[1] info  project info hash (endsAt, raised, goal, endAnnounced)
  KEYS[2..7] feed  the home feed's keys (lib/feed/lua/includes/home-feed.lua, lib/feed/hook.ts)
  ARGV[1] feedSettings  the home feed's

  Returns {status, feedWork}: status 1 announced now, 0 announced before, -1 not ended yet (or
  unknown project, or no end), with the end it saw
]]
--- @include "feed/lua/includes/home-feed.lua"

local info = KEYS[1]
local endsAt = tonumber(redis.call('HGET', info, 'endsAt') or '')
if not endsAt then return { -1, 0 } end
local time = redis.call('TIME')
if tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000) < endsAt then return { -1, 0 } end
if tonumber(redis.call('HGET', info, 'endAnnounced') or '') == endsAt then return { 0, 0 } end

local raised = tonumber(redis.call('HGET', info, 'raised') or '0')
local goal = tonumber(redis.call('HGET', info, 'goal') or '0')
local funded = 0
if raised >= goal then funded = 1 end
redis.call('HSET', info, 'endAnnounced', endsAt)
local work = feedAdd(feedHook(info), 'ended-' .. endsAt, endsAt, { 'kind', 'ended', 'funded', funded, 'raised', raised, 'goal', goal })
return { 1, work }
