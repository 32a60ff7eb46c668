--[[
  Moves one batch of a project's backers from a shape older than the ledger's index into it
  (lib/live-events/backfill.ts, `npm run backfill-ledgers`), idempotent: each moved member leaves
  the old key in the same script, so a run stopped half-way goes on where it was.

  KEYS[1] info  project info hash   KEYS[2] ledger  hash (includes/ledger.lua)
  KEYS[3] old  the old key: a set of backers (before the ledger) or a hash backer -> pledges standing
  ARGV[1] now  ms   ARGV[2] shape  'set' or 'hash'   ARGV[3..] the batch's backers

  A set's backer had pledges the ledger never saw: they get an opening entry `.<backer id>`
  (`0|now||0|<backer id>`), which the reconciliation counts as a backer and not as a pledge, and
  one place in the index. A hash's backer has their pledges in the ledger: their count moves. A
  backer the index holds already pledged after the ledger came and was counted a second time in
  `backers`: that is taken back.

  Returns {moved, recounted}   recounted: backers taken back
]]
--- @include "includes/ledger.lua"

local info, ledger, old = KEYS[1], KEYS[2], KEYS[3]
local now, shape = ARGV[1], ARGV[2]
local moved, recounted = 0, 0

for i = 3, #ARGV do
  local backer = ARGV[i]
  local standing
  if shape == 'set' then
    standing = redis.call('SREM', old, backer) == 1 and 1 or 0
    if standing == 1 then redis.call('HSETNX', ledger, '.' .. ledgerBackerId(backer), table.concat({ 0, now, '', 0, ledgerBackerId(backer) }, '|')) end
  else
    standing = tonumber(redis.call('HGET', old, backer) or '0')
    redis.call('HDEL', old, backer)
  end
  if standing > 0 then
    moved = moved + 1
    if redis.call('HINCRBY', ledger, '~' .. ledgerBackerId(backer), standing) > standing then recounted = recounted + 1 end
  end
end
if recounted > 0 then redis.call('HINCRBY', info, 'backers', -recounted) end
return { moved, recounted }
