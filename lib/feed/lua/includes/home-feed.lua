--[[
  Shared helper (lib/feed/hook.ts): the home-feed hooks of the live-event scripts. An including
  script appends the 6 feed keys at the END of its KEYS (feedHookKeys in lib/feed/keys.ts) and the
  feed's settings as its LAST argument (feedHookArg: JSON {max, cap, slack, ttl, slug}), so the
  hook reads them from the end and the script's own keys and arguments keep their places.

    KEYS[#KEYS - 5] followers zset   KEYS[#KEYS - 4] the project's references list
    KEYS[#KEYS - 3] entry hash prefix   KEYS[#KEYS - 2] fan-out stream   KEYS[#KEYS - 1] feed channel
    KEYS[#KEYS] merged-to string (the newest reference made while big, never pushed)

  An entry lives once, in the hash `prefix .. id`; feeds hold its reference
  `<at, 13 digits>:<slug>:<id>`, which sorts as (time, slug, id) and is the readers' cursor.

  feedHook(info) -> hook
  feedAdd(hook, id, at, fields) -> work   a new entry: hash, reference on the project's list,
    queued for fan-out, published. An id that exists already is left alone (work 0).
  feedBackers(hook, at, contributions, backers) -> work   the "N contributions from M backers"
    entry, with the counts the project page shows (its window's count, `backers` in info):
    changed in place while under a minute old, else removed and added anew at `at` (info's
    `feed-backers` names it), so it never sits below a newer entry under its old time
  feedRecount(hook, at, contributions, backers)   after a cancel: that entry takes the page's
    counts in place, at its own time; at 0 contributions it is removed (nothing to fan out)
  feedMilestones(hook, at, before, after) -> work   first backer, 25 / 50 / 100 % of the goal,
    from the total before and after this contribution (one entry, the highest crossed)
  feedRetractMilestones(hook, raised)   after a cancel: the milestones the total no longer
    reaches are removed (first backer at 0, a share of the goal under its line)
  feedRemove(hook, id) -> 1 when the entry existed   deletes its hash; feeds skip the reference
  work: 0 nothing to fan out, 1 queued (mark the project's queue), 2 the project is big (merged
  at read time, not queued; merged-to raised to this reference). The including script returns
  the highest.
]]
local function feedHook(info)
  local settings = cjson.decode(ARGV[#ARGV])
  return {
    info = info, followerSet = KEYS[#KEYS - 5], projectRefs = KEYS[#KEYS - 4],
    entryPrefix = KEYS[#KEYS - 3], fanoutQueue = KEYS[#KEYS - 2], feedChannel = KEYS[#KEYS - 1],
    mergedTo = KEYS[#KEYS],
    max = tonumber(settings.max), cap = tonumber(settings.cap), slack = tonumber(settings.slack),
    ttl = tonumber(settings.ttl), slug = settings.slug,
  }
end

local function feedRef(hook, id, at)
  return string.format('%013d:%s:%s', at, hook.slug, id)
end

local function feedPublish(hook, message)
  redis.call('SPUBLISH', hook.feedChannel, cjson.encode(message))
end

local function feedEntryFields(key)
  local flat = redis.call('HGETALL', key)
  local entry = {}
  for i = 1, #flat, 2 do entry[flat[i]] = flat[i + 1] end
  return entry
end

local function feedAdd(hook, id, at, fields)
  local key = hook.entryPrefix .. id
  if redis.call('EXISTS', key) == 1 then return 0 end
  local title = redis.call('HGET', hook.info, 'title') or hook.slug
  redis.call('HSET', key, 'at', at, 'title', title, unpack(fields))
  redis.call('PEXPIRE', key, hook.ttl)
  local ref = feedRef(hook, id, at)
  if redis.call('LPUSH', hook.projectRefs, ref) >= hook.cap + hook.slack then
    redis.call('LTRIM', hook.projectRefs, 0, hook.cap - 1)
  end
  redis.call('PEXPIRE', hook.projectRefs, hook.ttl)
  feedPublish(hook, { type = 'entry', ref = ref, entry = feedEntryFields(key) })
  local followers = redis.call('ZCARD', hook.followerSet)
  if followers == 0 then return 0 end
  if followers > hook.max then
    -- Never pushed: readers merge this project's references up to the newest such one, even
    -- after the project drops below the threshold, until the list's cap trims them.
    local mergedTo = redis.call('GET', hook.mergedTo)
    if not mergedTo or ref > mergedTo then mergedTo = ref end
    redis.call('SET', hook.mergedTo, mergedTo, 'PX', hook.ttl)
    return 2
  end
  redis.call('XADD', hook.fanoutQueue, '*', 'ref', ref)
  return 1
end

local function feedRemove(hook, id)
  local key = hook.entryPrefix .. id
  local at = redis.call('HGET', key, 'at')
  if not at then return 0 end
  redis.call('DEL', key)
  feedPublish(hook, { type = 'removed', ref = feedRef(hook, id, tonumber(at)) })
  return 1
end

-- A folded entry older than this is referenced anew at its latest time, so feeds, ordered by
-- reference, stay newest first; younger, it is changed in place (one fan-out a minute at most).
local FEED_REFOLD_MS = 60000

local function feedBackers(hook, at, contributions, backers)
  local fields = { 'kind', 'backers', 'contributions', contributions, 'backers', backers, 'updated', at }
  local current = redis.call('HGET', hook.info, 'feed-backers')
  if current then
    local key = hook.entryPrefix .. current
    local since = tonumber(redis.call('HGET', key, 'at') or '')
    if since and since > at - FEED_REFOLD_MS then
      redis.call('HSET', key, unpack(fields))
      feedPublish(hook, { type = 'entry', ref = feedRef(hook, current, since), entry = feedEntryFields(key) })
      return 0
    end
    feedRemove(hook, current)
  end
  local id = 'b-' .. at
  redis.call('HSET', hook.info, 'feed-backers', id)
  return feedAdd(hook, id, at, fields)
end

-- A cancel is not news: the entry keeps its time and reference (no move to the top, no fan-out,
-- feeds read it by reference), only its counts and `updated` change, so it agrees with the page.
-- At 0 contributions it says nothing: removed (`feedRemove`: open pages drop it, feeds skip it),
-- as if the cancelled pledge had never been made; the next pledge starts an entry at its own time.
local function feedRecount(hook, at, contributions, backers)
  local current = redis.call('HGET', hook.info, 'feed-backers')
  if not current then return end
  local key = hook.entryPrefix .. current
  local since = tonumber(redis.call('HGET', key, 'at') or '')
  if not since then return end
  if contributions <= 0 then
    feedRemove(hook, current)
    redis.call('HDEL', hook.info, 'feed-backers')
    return
  end
  redis.call('HSET', key, 'contributions', contributions, 'backers', backers, 'updated', at)
  feedPublish(hook, { type = 'entry', ref = feedRef(hook, current, since), entry = feedEntryFields(key) })
end

local FEED_MILESTONES = { 100, 50, 25 }

local function feedMilestones(hook, at, before, after)
  local goal = tonumber(redis.call('HGET', hook.info, 'goal') or '0')
  local work = 0
  if before <= 0 and after > 0 then
    work = feedAdd(hook, 'm-first-backer', at, { 'kind', 'milestone', 'milestone', 'first-backer', 'goal', goal })
  end
  if goal <= 0 then return work end
  for _, percent in ipairs(FEED_MILESTONES) do
    local line = goal * percent
    if before * 100 < line and after * 100 >= line then
      return math.max(work, feedAdd(hook, 'm-' .. percent, at, { 'kind', 'milestone', 'milestone', tostring(percent), 'goal', goal }))
    end
  end
  return work
end

-- A feed never says more than the page: a milestone a cancel undoes is taken back, and a pledge
-- that crosses it again adds it anew at its own time (feedMilestones adds an id only once).
local function feedRetractMilestones(hook, raised)
  if raised <= 0 then feedRemove(hook, 'm-first-backer') end
  local goal = tonumber(redis.call('HGET', hook.info, 'goal') or '0')
  if goal <= 0 then return end
  for _, percent in ipairs(FEED_MILESTONES) do
    if raised * 100 < goal * percent then feedRemove(hook, 'm-' .. percent) end
  end
end
