--[[
  Shared helper, included by the scripts that change a project's contributions or news.

  publishChange(info, channel, change, version): stamps `change` with the project's next version
  (a counter in its info hash), or with `version` when this script already took it (pushActivity
  does), and publishes it. Pages apply changes in version order and fetch a snapshot when they see
  a gap, so a change is never missed nor applied twice. Returns the version.
]]
local function publishChange(info, channel, change, version)
  change.version = version or redis.call('HINCRBY', info, 'version', 1)
  redis.call('SPUBLISH', channel, cjson.encode(change))
  return change.version
end
