#!lua flags=no-writes
--[[
  Reads one page of a timeline, newest first, older than a cursor.

  Entries carry increasing sequence numbers, so "older than the cursor" means seq < before,
  whatever has been pushed, removed or trimmed since the previous page: a page never repeats
  an entry and never skips one that is still in the list. The scan is bounded (timelinePage).

  KEYS[1] list  the timeline          KEYS[2] sequences  the hash that holds its sequence counter
  ARGV[1] field  the counter's field   ARGV[2] limit  page size   ARGV[3] before  (0: from the head)

  Returns nil when the counter's hash does not exist (the timeline's owner is gone), else
  {hasMore, entry, entry, ...} with at most `page size` JSON entries.
]]
--- @include "timeline/lua/includes/timeline.lua"

if redis.call('EXISTS', KEYS[2]) == 0 then return nil end
return timelinePage(KEYS[1], KEYS[2], ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3]))
