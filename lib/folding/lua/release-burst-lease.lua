--[[
  Releases the site's burst lease (lib/folding/burst.ts) when the burst that took it ends: only
  if it still holds its own token, so a burst that outlived its lease never frees the next one's.

  KEYS[1] lease  the burst's (a string: the running burst's token)
  ARGV[1] token  of the burst that ends

  Returns 1 released, 0 held by another burst or expired
]]
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
