--[[
  Sets a project's opening total, where its ledger's sum starts, for a project made before the
  ledger (lib/live-events/backfill.ts): raised minus the pledges the ledger holds, summed by the
  caller at `version`. Nothing is written when a change moved the version meanwhile, or when the
  project has an opening already.

  KEYS[1] info  project info hash
  ARGV[1] version  the project's version when the ledger was summed   ARGV[2] sum  of its pledges standing

  Returns the opening set, or false: the version moved (sum again) or it was there
]]
if redis.call('HEXISTS', KEYS[1], 'opening') == 1 then return false end
if (redis.call('HGET', KEYS[1], 'version') or '') ~= ARGV[1] then return false end
local opening = tonumber(redis.call('HGET', KEYS[1], 'raised') or '0') - tonumber(ARGV[2])
redis.call('HSET', KEYS[1], 'opening', opening)
return opening
