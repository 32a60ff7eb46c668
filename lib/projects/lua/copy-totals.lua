--[[
  Copies projects' running totals (read from their own slots) onto their catalogue cards, so a
  catalogue page shows recent totals in two commands. A total read earlier than the card's never
  replaces it; an unlisted slug is skipped.

  KEYS[1] cards  (hash slug -> JSON)   KEYS[2] changes  the catalogue's channel (SPUBLISH when a card
  changed: each instance renders its cached catalogue pages again on their next view)
  ARGV[1] readAt  when the totals were read (ms)   ARGV[2..] totals  slug, total pairs

  Returns how many cards changed
]]
local readAt = tonumber(ARGV[1])
local changed = 0
for i = 2, #ARGV, 2 do
  local json = redis.call('HGET', KEYS[1], ARGV[i])
  if json then
    local card = cjson.decode(json)
    local raised = tonumber(ARGV[i + 1])
    if card.raisedAt <= readAt and card.raised ~= raised then
      card.raised = raised
      card.raisedAt = readAt
      redis.call('HSET', KEYS[1], ARGV[i], cjson.encode(card))
      changed = changed + 1
    end
  end
end
if changed > 0 then redis.call('SPUBLISH', KEYS[2], 'totals') end
return changed
