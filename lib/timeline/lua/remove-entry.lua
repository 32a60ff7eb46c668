--[[
  Removes the entry with a given sequence number from a timeline (see timeline.lua: only the
  entries where it can be are read).

  KEYS[1] the timeline list          KEYS[2] the hash that holds its sequence counter
  ARGV[1] the counter's field        ARGV[2] the entry's sequence number

  Returns 1 when an entry was removed, else 0.
]]
--- @include "timeline.lua"

return timelineRemove(KEYS[1], KEYS[2], ARGV[1], tonumber(ARGV[2]))
