--[[
  Gives a visitor's hold on a tier back before it lapses (DELETE .../tiers/:tier/hold).

  KEYS[1] info  project info hash   KEYS[2] holds  prefix of the tiers' hold zsets (includes/holds.lua)
  KEYS[3] changes  the project's channel (SPUBLISH)
  ARGV[1] tier   ARGV[2] visitor   ARGV[3] slug   ARGV[4] clockShift  ms (0 but in tests)

  Returns status  1 given back (published), 0 no standing hold, -1 unknown project, -3 unknown tier
]]
--- @include "includes/publish-change.lua"
--- @include "includes/holds.lua"

local info, tier = KEYS[1], ARGV[1]
if redis.call('EXISTS', info) == 0 then return -1 end
local known = false
for _, each in ipairs(cjson.decode(redis.call('HGET', info, 'tiers') or '[]')) do
  if each.id == tier then known = true end
end
if not known then return -3 end

local key, now = KEYS[2] .. tier, holdsClock(ARGV[4])
holdsPrune(key, now)
if redis.call('ZREM', key, ARGV[2]) == 0 then return 0 end
local claimed = tonumber(redis.call('HGET', info, 'tier:' .. tier) or '0')
publishChange(info, KEYS[3], { type = 'tier-holds', slug = ARGV[3], tier = holdsOf({ id = tier, claimed = claimed }, key, now) })
return 1
