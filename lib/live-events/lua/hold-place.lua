--[[
  Holds one place of a limited tier for one visitor while they finish the form (issue 42, part 3).
  One hold per visitor per tier: asked again, the standing hold is the answer, unchanged.
  Lapsed holds are pruned first, on Redis' clock, in the script that counts the places.

  KEYS[1] info  project info hash (tiers, tier:<id> claimed, endsAt)
  KEYS[2] holds  prefix of the tiers' hold zsets, `<prefix><tier>` (includes/holds.lua)
  KEYS[3] changes  the project's channel (SPUBLISH)
  ARGV[1] tier   ARGV[2] visitor  the backer id a pledge of theirs carries   ARGV[3] holdMs
  ARGV[4] slug   ARGV[5] clockShift  ms added to Redis' clock (0 but in tests)

  Returns {status, expiresAt}
    status  1 held (published), 0 the visitor's standing hold, -1 unknown project, -2 the campaign
            has ended (expiresAt is its end), -3 unknown tier, -5 sold out (expiresAt is the limit),
            -6 the tier has no limit (nothing to hold)
]]
--- @include "includes/publish-change.lua"
--- @include "includes/holds.lua"

local info, tier, visitor = KEYS[1], ARGV[1], ARGV[2]
if redis.call('EXISTS', info) == 0 then return { -1, 0 } end
local now = holdsClock(ARGV[5])

local endsAt = tonumber(redis.call('HGET', info, 'endsAt') or '')
if endsAt and now >= endsAt then return { -2, endsAt } end

local chosen
for _, each in ipairs(cjson.decode(redis.call('HGET', info, 'tiers') or '[]')) do
  if each.id == tier then chosen = each end
end
if not chosen then return { -3, 0 } end
if not chosen.limit then return { -6, 0 } end

local key = KEYS[2] .. tier
local held = holdsPrune(key, now)
local mine = redis.call('ZSCORE', key, visitor)
if mine then return { 0, tonumber(mine) } end

local claimed = tonumber(redis.call('HGET', info, 'tier:' .. tier) or '0')
if claimed + held >= chosen.limit then return { -5, chosen.limit } end

local expiresAt = now + tonumber(ARGV[3])
redis.call('ZADD', key, expiresAt, visitor)
-- The set outlives its last hold by nothing: an idle tier keeps no key.
redis.call('PEXPIREAT', key, redis.call('ZRANGE', key, -1, -1, 'WITHSCORES')[2])
publishChange(info, KEYS[3], { type = 'tier-holds', slug = ARGV[4], tier = holdsOf({ id = tier, claimed = claimed }, key, now) })
return { 1, expiresAt }
