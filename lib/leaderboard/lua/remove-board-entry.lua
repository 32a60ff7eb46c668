--[[
  Removes an entry (moderation) from every board it is on and deletes its string, in one step,
  then publishes the removal so every open board drops it.

  KEYS[1] version  counter   KEYS[2] changes  the boards' channel (SPUBLISH, in their slot)
  KEYS[3] entryPrefix   KEYS[4] boardPrefix   KEYS[5] networkRowsPrefix
  (network-rows.lua)   (all in the boards' slot)
  ARGV[1] id  the entry's

  Returns {removed, version}: removed 1, or 0 when no board holds such an entry (nothing written)
]]
--- @include "leaderboard/lua/includes/network-rows.lua"

local key = KEYS[3] .. ARGV[1]
local json = redis.call('GET', key)
if not json then return { 0, tonumber(redis.call('GET', KEYS[1]) or '0') } end

local record = cjson.decode(json)
for _, suffix in ipairs(record.boards) do dropRow(KEYS[4] .. suffix, KEYS[5], suffix, record.member, record.networks) end
redis.call('DEL', key)
local version = redis.call('INCR', KEYS[1])
redis.call('SPUBLISH', KEYS[2], cjson.encode({ type = 'entry-removed', version = version, id = record.id }))
return { 1, version }
