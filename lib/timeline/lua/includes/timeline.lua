--[[
  Shared helpers for capped, newest-first timelines (Redis lists), included by the scripts that
  write one together with the rest of their change, so a push is never an extra round trip.

  An entry is a JSON array whose first element is its sequence number: `[seq, ...fields]`.
  Arrays rather than objects because a feed of 100 entries per project adds up (no field names
  stored), and because the sequence number can then be read off the front without decoding.

  Trim hysteresis (a variant in antirez's "Timeline" pattern): LPUSH already answers the list's length, so the list is
  cut back to `cap` only when that length reaches `cap + slack`. One LTRIM per `slack` pushes,
  and the list holds between `cap` and `cap + slack - 1` entries once it is full.

  timelinePush(list, seqHash, seqField, fields, cap, slack, ttl) -> seq
    Stamps `fields` (a Lua array) with the timeline's next sequence number (HINCRBY seqHash
    seqField), pushes it, trims, and refreshes the list's TTL (ttl ms; 0 keeps none). Sequence
    numbers only grow, so they are the cursor readers page with (timelinePage).

  timelinePage(list, seqHash, seqField, limit, before) -> {hasMore, entry, ...}
    Up to `limit` entries with seq < before (before 0: from the head), newest first.

  timelineRemove(list, leading) -> the removed entry's seq, or 0
    Removes the first entry, from the head, whose first fields after its seq equal the Lua
    array `leading` (e.g. {kind, id}). People remove recent entries, so the list is read from
    the head a few entries at a time and LREM (count 1) stops at the entry: the cost is its
    position, and at worst the capped list's length. (Keeping each entry's seq beside the event
    would bound it more tightly, but costs memory on every event to speed up a rare removal.)

  timelinePushId(list, id, cap, slack, ttl) -> length
    The normalized variant: the list holds ids and each event lives in its own key. An id
    already in the list moves to the head (LREM bounded by the list's own small length).
]]
local function timelineSeqOf(encoded)
  return tonumber(string.match(encoded, '^%[(%d+)'))
end

local function timelineTrim(list, length, cap, slack)
  if length >= cap + slack then
    redis.call('LTRIM', list, 0, cap - 1)
    return cap
  end
  return length
end

local function timelinePush(list, seqHash, seqField, fields, cap, slack, ttl)
  local seq = redis.call('HINCRBY', seqHash, seqField, 1)
  table.insert(fields, 1, seq)
  timelineTrim(list, redis.call('LPUSH', list, cjson.encode(fields)), cap, slack)
  if ttl > 0 then redis.call('PEXPIRE', list, ttl) end
  return seq
end

local function timelineHead(seqHash, seqField)
  return tonumber(redis.call('HGET', seqHash, seqField) or '0')
end

local function timelinePage(list, seqHash, seqField, limit, before)
  -- Sequence numbers are distinct and descend from the head, so at most head - before + 1
  -- entries come before the first one older than the cursor: read that prefix plus one page
  -- (and one more entry, to know whether another page follows).
  local last = limit
  if before > 0 then last = math.max(timelineHead(seqHash, seqField) - before + 1, 0) + limit end
  local page = { 0 }
  for _, encoded in ipairs(redis.call('LRANGE', list, 0, last)) do
    if before == 0 or timelineSeqOf(encoded) < before then
      if #page > limit then
        page[1] = 1
        break
      end
      page[#page + 1] = encoded
    end
  end
  return page
end

local TIMELINE_SCAN = 16

local function timelineRemove(list, leading)
  -- The encoded fields without their brackets: an entry starts with `[seq,` then these, then `,` or `]`.
  local needle = string.sub(cjson.encode(leading), 2, -2)
  for first = 0, redis.call('LLEN', list) - 1, TIMELINE_SCAN do
    for _, encoded in ipairs(redis.call('LRANGE', list, first, first + TIMELINE_SCAN - 1)) do
      local fields = string.match(encoded, '^%[%d+,(.*)$') or ''
      local after = string.sub(fields, #needle + 1, #needle + 1)
      if string.sub(fields, 1, #needle) == needle and (after == ',' or after == ']') then
        redis.call('LREM', list, 1, encoded)
        return timelineSeqOf(encoded)
      end
    end
  end
  return 0
end

local function timelinePushId(list, id, cap, slack, ttl)
  redis.call('LREM', list, 1, id)
  local length = timelineTrim(list, redis.call('LPUSH', list, id), cap, slack)
  if ttl > 0 then redis.call('PEXPIRE', list, ttl) end
  return length
end
