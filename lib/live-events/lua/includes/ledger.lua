--[[
  Shared helper, included by the scripts that write a project's pledges (lib/live-events/ledger.ts).

  The ledger is one hash per project, kept for its life: pledge id -> `amount|at|tier|cancelled|backer`,
  short enough (under 64 bytes) to stay a listpack while the project is small. The backer comes
  last, so an old pledge's full backer holding `|` still parses. The same hash keeps the backers'
  index, `~<backer id>` -> pledges standing, which makes the project's `backers` count: a backer
  counts while one of their pledges stands. `~` is no pledge id's character, so the two never meet,
  and one key instead of two keeps a project's keys and bytes down (docs/benchmarks.md#memory).

  A backer (`v:<visitor id>`, `o:<pledge id>`) is kept as a fixed-width id of 10 characters: 60 bits of
  its SHA-1 in base64url (ledger.ts computes the same), so a pledge and a backer stay small
  whatever a visitor id's or a name's length. A pledge written before this keeps its full backer;
  ledgerBackerId maps both to the same id.

  ledgerRead(ledger, id): the pledge as a table {amount, at, tier, cancelled, backer}, or nil.
  ledgerEncode(pledge): the stored form of a pledge, its backer as a short id.
  ledgerWrite(ledger, id, pledge): stores it (HSET, O(1)).
  ledgerBackerId(backer): the short id (a short id is returned as it is).
  ledgerBackerJoins(ledger, backer) / ledgerBackerLeaves(ledger, backer): 1 when the backer
  starts / stops counting, else 0.
  ledgerBackersJoin(ledger, backers, added): a batch's joins, `added[id]` pledges more for each
  short id of `backers` (each once), read in one HMGET and written in one HSET a thousand; returns
  how many start counting.
]]
-- Base64url digits by value, and each hexadecimal digit's value by its byte ('0' is 48, 'a' 97),
-- made on a script's first id: three hex digits a b c (12 bits) are the two digits
-- 4a + b // 4 and 16 (b % 4) + c. Tables and arithmetic cost an id a third of the string
-- slicing they replace, which had been most of an import's Lua time.
local LEDGER_DIGIT, LEDGER_HEX

local function ledgerDigitPair(a, b, c)
  local middle = LEDGER_HEX[b]
  local low = middle % 4
  return LEDGER_DIGIT[LEDGER_HEX[a] * 4 + (middle - low) / 4] .. LEDGER_DIGIT[low * 16 + LEDGER_HEX[c]]
end

local function ledgerBackerId(backer)
  if not string.find(backer, ':', 1, true) then return backer end
  if not LEDGER_DIGIT then
    LEDGER_DIGIT = { [0] = 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M', 'N', 'O', 'P',
      'Q', 'R', 'S', 'T', 'U', 'V', 'W', 'X', 'Y', 'Z', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j',
      'k', 'l', 'm', 'n', 'o', 'p', 'q', 'r', 's', 't', 'u', 'v', 'w', 'x', 'y', 'z', '0', '1', '2', '3',
      '4', '5', '6', '7', '8', '9', '-', '_' }
    LEDGER_HEX = { [48] = 0, [49] = 1, [50] = 2, [51] = 3, [52] = 4, [53] = 5, [54] = 6, [55] = 7, [56] = 8,
      [57] = 9, [97] = 10, [98] = 11, [99] = 12, [100] = 13, [101] = 14, [102] = 15 }
  end
  local a1, b1, c1, a2, b2, c2, a3, b3, c3, a4, b4, c4, a5, b5, c5 = string.byte(redis.sha1hex(backer), 1, 15)
  return ledgerDigitPair(a1, b1, c1) .. ledgerDigitPair(a2, b2, c2) .. ledgerDigitPair(a3, b3, c3)
    .. ledgerDigitPair(a4, b4, c4) .. ledgerDigitPair(a5, b5, c5)
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

local function ledgerBackersJoin(ledger, backers, added)
  local joined = 0
  for first = 1, #backers, 1000 do
    local indexed, standingAfter = {}, {}
    for i = first, math.min(first + 999, #backers) do indexed[#indexed + 1] = '~' .. backers[i] end
    local standing = redis.call('HMGET', ledger, unpack(indexed))
    for i = 1, #indexed do
      local before = tonumber(standing[i]) or 0
      if before == 0 then joined = joined + 1 end
      standingAfter[#standingAfter + 1] = indexed[i]
      standingAfter[#standingAfter + 1] = before + added[backers[first + i - 1]]
    end
    redis.call('HSET', ledger, unpack(standingAfter))
  end
  return joined
end

local function ledgerBackerLeaves(ledger, backer)
  local field = '~' .. ledgerBackerId(backer)
  if redis.call('HINCRBY', ledger, field, -1) > 0 then return 0 end
  redis.call('HDEL', ledger, field)
  return 1
end
