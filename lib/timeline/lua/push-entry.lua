--[[
  Pushes one entry onto a capped timeline (see timeline.lua for the trim hysteresis).

  KEYS[1] list  the timeline          KEYS[2] sequences  the hash that holds its sequence counter
  ARGV[1] field  the counter's field   ARGV[2] entry  the entry's fields, a JSON array (its seq goes first)
  ARGV[3] cap   ARGV[4] slack   ARGV[5] ttl  in ms (0: none)

  Returns the entry's sequence number.
]]
--- @include "timeline/lua/includes/timeline.lua"

return timelinePush(KEYS[1], KEYS[2], ARGV[1], cjson.decode(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5]))
