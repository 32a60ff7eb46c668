--[[
  Shared helper, included by the scripts that write a project's pledges (lib/live-events/ledger.ts).

  The ledger is one hash per project, kept for its life: pledge id -> `amount|at|tier|cancelled|backer`,
  short enough (under 64 bytes) to stay a listpack while the project is small. The backer comes
  last, so an old pledge's full backer holding `|` still parses. The same hash keeps the backers'
  index, `~<backer id>` -> pledges standing, which makes the project's `backers` count: a backer
  counts while one of their pledges stands. `~` is no pledge id's character, so the two never meet,
  and one key instead of two keeps a project's keys and bytes down (docs/benchmarks.md#memory).

  A backer (`v:<visitor id>`, `n:<name>`) is kept as a fixed-width id of 10 characters: 60 bits of
  its SHA-1 in base64url (ledger.ts computes the same), so a pledge and a backer stay small
  whatever a visitor id's or a name's length. A pledge written before this keeps its full backer;
  ledgerBackerId maps both to the same id.

  ledgerRead(ledger, id): the pledge as a table {amount, at, tier, cancelled, backer}, or nil.
  ledgerEncode(pledge): the stored form of a pledge, its backer as a short id.
  ledgerWrite(ledger, id, pledge): stores it (HSET, O(1)).
  ledgerBackerId(backer): the short id (a short id is returned as it is).
  ledgerBackerJoins(ledger, backer) / ledgerBackerLeaves(ledger, backer): 1 when the backer
  starts / stops counting, else 0.
]]
local LEDGER_DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

local function ledgerBackerId(backer)
  if not string.find(backer, ':', 1, true) then return backer end
  local hex, out = redis.sha1hex(backer), {}
  for i = 1, 15, 3 do
    local twelve = tonumber(string.sub(hex, i, i + 2), 16)
    local high, low = math.floor(twelve / 64), twelve % 64
    out[#out + 1] = string.sub(LEDGER_DIGITS, high + 1, high + 1) .. string.sub(LEDGER_DIGITS, low + 1, low + 1)
  end
  return table.concat(out)
end

local function ledgerRead(ledger, id)
  local stored = redis.call('HGET', ledger, id)
  if not stored then return nil end
  local amount, at, tier, cancelled, backer = string.match(stored, '^(%d+)|(%d+)|([^|]*)|(%d)|(.*)$')
  return { amount = tonumber(amount), at = tonumber(at), tier = tier, cancelled = cancelled == '1', backer = backer }
end

local function ledgerEncode(pledge)
  return table.concat({ pledge.amount, pledge.at, pledge.tier or '', pledge.cancelled and '1' or '0', ledgerBackerId(pledge.backer) }, '|')
end

local function ledgerWrite(ledger, id, pledge)
  redis.call('HSET', ledger, id, ledgerEncode(pledge))
end

local function ledgerBackerJoins(ledger, backer)
  return redis.call('HINCRBY', ledger, '~' .. ledgerBackerId(backer), 1) == 1 and 1 or 0
end

local function ledgerBackerLeaves(ledger, backer)
  local field = '~' .. ledgerBackerId(backer)
  if redis.call('HINCRBY', ledger, field, -1) > 0 then return 0 end
  redis.call('HDEL', ledger, field)
  return 1
end
