#!lua flags=no-writes
--[[
  Reads the latest entries of a normalized timeline and hydrates them in the same round trip:
  the list holds ids, each event lives in its own hash (`prefix .. id`, in the list's hash slot)
  with a TTL. An id whose event has expired or been deleted is skipped, so deleting an event is
  enough to remove it from every timeline that points to it. The event keys cannot be declared
  in KEYS before the ids are read, so their prefix is: it carries the list's hash tag, and a
  prefix of another slot is refused (CROSSSLOT on Redis Cluster) before anything runs. A
  timeline whose events live in other slots (recently viewed projects) hydrates on the caller's
  side instead.

  KEYS[1] list  the timeline   KEYS[2] eventPrefix  the events' key prefix (in the list's slot)
  ARGV[1] limit  how many to return

  Returns {{id, field, value, ...}, ...}, newest first, at most `limit` events.
]]
local limit = tonumber(ARGV[1])
local events = {}
-- The list is capped, so reading all of it is bounded, and expired ids cannot leave a page short.
for _, id in ipairs(redis.call('LRANGE', KEYS[1], 0, -1)) do
  local fields = redis.call('HGETALL', KEYS[2] .. id)
  if #fields > 0 then
    table.insert(fields, 1, id)
    events[#events + 1] = fields
    if #events == limit then break end
  end
end
return events
