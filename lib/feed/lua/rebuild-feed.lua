--[[
  Rebuilds a returning visitor's feed from the references of the projects they follow: a union
  with what is there (pushes that landed since open-feed.lua marked the feed active stay),
  newest first, capped.

  KEYS[1] entries  the feed list
  ARGV[1] cap   ARGV[2] idle  time (ms)   ARGV[3..] refs  references

  Returns the feed's length.
]]
local cap, idle = tonumber(ARGV[1]), tonumber(ARGV[2])
local seen, refs = {}, {}
local function add(ref)
  if not seen[ref] then
    seen[ref] = true
    refs[#refs + 1] = ref
  end
end
for _, ref in ipairs(redis.call('LRANGE', KEYS[1], 0, -1)) do add(ref) end
for i = 3, #ARGV do add(ARGV[i]) end
table.sort(refs, function(a, b) return a > b end)
redis.call('DEL', KEYS[1])
for first = 1, math.min(#refs, cap), 1000 do
  redis.call('RPUSH', KEYS[1], unpack(refs, first, math.min(first + 999, #refs, cap)))
end
redis.call('PEXPIRE', KEYS[1], idle)
return math.min(#refs, cap)
