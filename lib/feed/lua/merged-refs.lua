#!lua flags=no-writes
--[[
  The references of a project that a reader merges (read.ts): those of its list up to the
  newest one made while it was big (never pushed), whether or not it is big now. Later ones
  were pushed to the feeds. Nothing when the project never was big.

  KEYS[1] entries  the project's references list   KEYS[2] mergedTo  string

  Returns {reference, ...} in list order (newest first, about)
]]
local upTo = redis.call('GET', KEYS[2])
if not upTo then return {} end
local refs = {}
for _, ref in ipairs(redis.call('LRANGE', KEYS[1], 0, -1)) do
  if ref <= upTo then refs[#refs + 1] = ref end
end
return refs
