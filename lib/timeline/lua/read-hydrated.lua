#!lua flags=no-writes
--[[
  Reads the latest entries of a normalized timeline and hydrates them in the same round trip:
  the list holds ids, each event lives in its own hash (`prefix .. id`, in the list's hash slot)
  with a TTL. An id whose event has expired or been deleted is skipped, so deleting an event is
  enough to remove it from every timeline that points to it. The event keys cannot be declared
  in KEYS before the ids are read; the prefix carries the list's hash tag, so on Redis Cluster
  they are in the list's slot, which is what a script may touch. A timeline whose events live
  in other slots (recently viewed projects) hydrates on the caller's side instead.

  KEYS[1] the timeline list
  ARGV[1] event key prefix (the list's hash tag included)   ARGV[2] how many to return

  Returns {{id, field, value, ...}, ...}, newest first, at most ARGV[2] events.
]]
local limit = tonumber(ARGV[2])
local events = {}
-- The list is capped, so reading all of it is bounded, and expired ids cannot leave a page short.
for _, id in ipairs(redis.call('LRANGE', KEYS[1], 0, -1)) do
  local fields = redis.call('HGETALL', ARGV[1] .. id)
  if #fields > 0 then
    table.insert(fields, 1, id)
    events[#events + 1] = fields
    if #events == limit then break end
  end
end
return events
