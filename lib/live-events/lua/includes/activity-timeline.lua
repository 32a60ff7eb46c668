--[[
  Shared helper, included by the live-event scripts that change a project's activity timeline: a
  capped timeline (lib/timeline/lua/includes/timeline.lua) whose sequence counter is the project's
  `version` (publish-change.lua). A push takes the next version and the script's change message
  reuses it, so an entry's seq is the version of the change that added it, and the timeline costs
  no counter of its own.

  Entries are stored compact, like the details hashes (decoded in activity.ts):
    [seq, "c", id, at, amount, name]   a contribution
    [seq, "n", id, at, title, url]     a news item
  The timeline is in arrival order: an imported event arrives with its own, older, `at`.

  pushActivity(activity, info, fields, argv) -> seq   fields without seq; argv: the index of
    the script's ARGV holding cap, then slack, then TTL (ms). Pass seq to publishChange.
  removeActivity(activity, code, id) -> the removed entry's seq, or nil when it is not in the timeline
]]
--- @include "timeline/lua/includes/timeline.lua"

local function pushActivity(activity, info, fields, argv)
  return timelinePush(activity, info, 'version', fields,
    tonumber(ARGV[argv]), tonumber(ARGV[argv + 1]), tonumber(ARGV[argv + 2]))
end

local function removeActivity(activity, code, id)
  local seq = timelineRemove(activity, { code, id })
  if seq > 0 then return seq end
  return nil
end
