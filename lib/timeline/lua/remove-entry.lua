--[[
  Removes the entry with the given id from a timeline (see timeline.lua: bounded by its position).

  KEYS[1] the timeline list
  ARGV[1] the entry's `id`

  Returns 1 when an entry was removed, else 0.
]]
--- @include "timeline.lua"

local id = ARGV[1]
return timelineRemove(KEYS[1], function(entry) return entry.id == id end)
