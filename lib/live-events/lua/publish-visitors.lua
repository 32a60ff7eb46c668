--[[
  Shared helper, included by the presence scripts.

  publishVisitorsIfChanged(visitors, before, channel, slug): publishes the visitor count when it
  differs from `before`. Returns the count.
]]
local function publishVisitorsIfChanged(visitors, before, channel, slug)
  local count = redis.call('ZCARD', visitors)
  if count ~= before then
    redis.call('PUBLISH', channel, cjson.encode({ type = 'visitors-changed', slug = slug, count = count }))
  end
  return count
end
