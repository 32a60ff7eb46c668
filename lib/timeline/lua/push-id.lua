--[[
  Pushes an id onto a normalized timeline, moving it to the head when it is already there, and
  trims with the hysteresis of timeline.lua.

  KEYS[1] list  the timeline
  ARGV[1] id   ARGV[2] cap   ARGV[3] slack   ARGV[4] ttl  in ms (0: none)

  Returns the list's length.
]]
--- @include "timeline/lua/includes/timeline.lua"

return timelinePushId(KEYS[1], ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]))
