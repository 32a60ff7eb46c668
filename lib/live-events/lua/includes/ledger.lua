--[[
  Shared helper, included by the scripts that write a project's pledges (lib/live-events/ledger.ts).

  The ledger is one hash per project, kept for its life: pledge id -> `amount|at|tier|cancelled|backer`,
  short enough (under 64 bytes) to stay a listpack while the project is small. The backer comes
  last, so a name holding `|` still parses. `backers` (hash backer -> pledges standing) makes
  the project's `backers` count: a backer counts while one of their pledges stands.

  ledgerRead(ledger, id): the pledge as a table {amount, at, tier, cancelled, backer}, or nil.
  ledgerWrite(ledger, id, pledge): stores it (HSET, O(1)).
  ledgerBackerJoins(backers, backer) / ledgerBackerLeaves(backers, backer): 1 when the backer
  starts / stops counting, else 0.
]]
local function ledgerRead(ledger, id)
  local stored = redis.call('HGET', ledger, id)
  if not stored then return nil end
  local amount, at, tier, cancelled, backer = string.match(stored, '^(%d+)|(%d+)|([^|]*)|(%d)|(.*)$')
  return { amount = tonumber(amount), at = tonumber(at), tier = tier, cancelled = cancelled == '1', backer = backer }
end

local function ledgerWrite(ledger, id, pledge)
  redis.call('HSET', ledger, id, table.concat({ pledge.amount, pledge.at, pledge.tier or '', pledge.cancelled and '1' or '0', pledge.backer }, '|'))
end

local function ledgerBackerJoins(backers, backer)
  return redis.call('HINCRBY', backers, backer, 1) == 1 and 1 or 0
end

local function ledgerBackerLeaves(backers, backer)
  if redis.call('HINCRBY', backers, backer, -1) > 0 then return 0 end
  redis.call('HDEL', backers, backer)
  return 1
end
