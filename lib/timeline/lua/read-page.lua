#!lua flags=no-writes
--[[
  Reads one page of a timeline, newest first, older than a cursor.

  Entries carry increasing sequence numbers, so "older than the cursor" means seq < before,
  whatever has been pushed, removed or trimmed since the previous page: a page never repeats
  an entry and never skips one that is still in the list. The scan is bounded: the entries with
  seq >= before number at most head - before + 1 (sequence numbers are distinct integers), so
  the first older entry sits at or before that index and only that prefix plus one page is read.

  KEYS[1] the timeline list          KEYS[2] the hash that holds its sequence counter
  ARGV[1] the counter's field        ARGV[2] page size        ARGV[3] before (0: from the head)

  Returns {hasMore, entry, entry, ...} with at most `page size` JSON entries.
]]
local list, seqHash = KEYS[1], KEYS[2]
local limit, before = tonumber(ARGV[2]), tonumber(ARGV[3])

local first, last = 0, limit
if before > 0 then
  local head = tonumber(redis.call('HGET', seqHash, ARGV[1]) or '0')
  last = math.max(head - before + 1, 0) + limit
end

local page = { 0 }
for _, encoded in ipairs(redis.call('LRANGE', list, first, last)) do
  if before == 0 or cjson.decode(encoded).seq < before then
    if #page > limit then
      page[1] = 1
      break
    end
    page[#page + 1] = encoded
  end
end
return page
