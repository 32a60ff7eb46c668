--[[
  Opens a visitor's feed for reading, in the visitor's slot: what they follow, the follows still
  pending on the project side, whether the feed was active (else it is rebuilt before the
  first page is answered) and when they last looked. Marks the feed active and refreshes its
  TTLs, so an idle feed expires FEED_IDLE_DAYS after the last read, and the follows a year after
  it (follow-visitor.lua); `look` also records this
  read as the last look (the first page of /feed, not "load more"). A visitor following nothing
  gets an empty answer and nothing is written.

  KEYS[1] follows  zset   KEYS[2] pending  hash   KEYS[3] entries  the feed list   KEYS[4] active  string
  ARGV[1] now  (ms)   ARGV[2] idle  time (ms)   ARGV[3] look  1 or 0   ARGV[4] ttl  the follows' (ms)

  Returns {wasActive (0/1), lastLooked (ms, 0 if never), {slug, ...}, {slug, step, ...}}
]]
local follows, pending, feed, active = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
local now, idle, look = ARGV[1], tonumber(ARGV[2]), ARGV[3] == '1'

-- Following nothing: nothing to keep (a visitor who only browses costs no key).
if redis.call('EXISTS', follows, pending) == 0 then return { 0, 0, {}, {} } end

local lastLooked = redis.call('GET', active)
if look or not lastLooked then
  redis.call('SET', active, look and now or '0', 'PX', idle)
else
  redis.call('PEXPIRE', active, idle)
end
redis.call('PEXPIRE', feed, idle)
redis.call('PEXPIRE', follows, ARGV[4])
redis.call('PEXPIRE', pending, ARGV[4])
return {
  lastLooked and 1 or 0,
  tonumber(lastLooked or '0'),
  redis.call('ZRANGE', follows, 0, -1),
  redis.call('HGETALL', pending),
}
