--[[
  Creates or updates a project's static fields. The running total is set only when the project
  is new, so saving again never undoes contributions (seeding is idempotent); it is kept as
  `opening` too, where the ledger's sum starts (lib/live-events/ledger.ts). Its catalogue card
  is written next, by save-card.lua in the catalogue's slot (lib/projects/catalogue.ts). The save
  is published, unversioned, on the project's channel: each instance's cached page of the project
  is rendered again on its next view (lib/server/page-cache.ts).

  KEYS[1] info  the project's hash   KEYS[2] changes  the project's channel (SPUBLISH)
  ARGV[1] raised  initial amount   ARGV[2..] fields  field, value pairs of the static fields

  `tiers` (JSON; not given, the saved ones stay) may not drop a tier that has pledges (`tier:<id>` in the hash counts them) nor
  limit it below them: then nothing is written.

  Returns { 1 when the project was created, 0 when it was updated ; its running total },
  or { -1, the tier in use }
]]
local tiers
for i = 2, #ARGV, 2 do
  if ARGV[i] == 'tiers' then tiers = ARGV[i + 1] end
end
local saved = redis.call('HGET', KEYS[1], 'tiers')
if tiers and saved and saved ~= '' then
  local limits = {}
  for _, tier in ipairs(cjson.decode(tiers)) do limits[tier.id] = tier.limit or false end
  for _, tier in ipairs(cjson.decode(saved)) do
    local claimed = tonumber(redis.call('HGET', KEYS[1], 'tier:' .. tier.id) or '0')
    local limit = limits[tier.id]
    if claimed > 0 and (limit == nil or (limit and limit < claimed)) then return { -1, tier.id } end
  end
end

local created = redis.call('HSETNX', KEYS[1], 'raised', ARGV[1])
if created == 1 then redis.call('HSET', KEYS[1], 'opening', ARGV[1]) end
redis.call('HSET', KEYS[1], unpack(ARGV, 2))
redis.call('SPUBLISH', KEYS[2], '{"type":"project-saved"}')
return { created, tonumber(redis.call('HGET', KEYS[1], 'raised')) }
