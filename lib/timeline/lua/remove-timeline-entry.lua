--[[
  Removes the newest entry whose first fields are the given ones (see timeline.lua: read from
  the head, stopping at the entry).

  KEYS[1] list  the timeline
  ARGV[1] leading  the leading fields (after the seq), a JSON array, e.g. ["c", "<id>"]

  Returns the removed entry's sequence number, or 0 when none matched.
]]
--- @include "timeline/lua/includes/timeline.lua"

return timelineRemove(KEYS[1], cjson.decode(ARGV[1]))
