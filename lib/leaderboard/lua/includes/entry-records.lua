--[[
  Shared helper, included by add-to-boards.lua and remove-board-entry.lua: an entry's string and the
  boards that share it.

  An entry's string is its JSON {id, name, score, date, member, boards}: `member` is its sorted
  set member (the same on every board), `boards` the key suffixes (after the board prefix) of the
  boards it entered. That list is how a script knows who else holds an entry: when one board
  drops it, releaseEntry asks each listed board (ZSCORE of the member; a board that expired
  holds nothing) and deletes the string only when none holds it any more. While some board
  holds it, the string lives as long as the longest-lived of them: no expiry while the all time
  board holds it, else that of the latest period board. So a string outlives no board, and a
  period board that expires on its own takes the strings only it held with it.

  releaseEntry(entryPrefix, boardPrefix, id), expireEntry(key, boardPrefix, suffixes)
]]
local ALL_TIME = 'all'

-- Gives the entry's string the expiry of the longest-lived board among `suffixes`; deletes it
-- when none of them exists any more (a board of a period long gone expires as it is written).
local function expireEntry(key, boardPrefix, suffixes)
  local latest
  for _, suffix in ipairs(suffixes) do
    if suffix == ALL_TIME then return redis.call('PERSIST', key) end
    local expireAt = redis.call('PEXPIRETIME', boardPrefix .. suffix)
    if expireAt > 0 and (not latest or expireAt > latest) then latest = expireAt end
  end
  if latest then redis.call('PEXPIREAT', key, latest) else redis.call('DEL', key) end
end

-- After a board dropped the entry: delete its string, or keep it for the boards still holding it.
local function releaseEntry(entryPrefix, boardPrefix, id)
  local key = entryPrefix .. id
  local json = redis.call('GET', key)
  if not json then return end
  local record = cjson.decode(json)
  local holders = {}
  for _, suffix in ipairs(record.boards) do
    if redis.call('ZSCORE', boardPrefix .. suffix, record.member) then holders[#holders + 1] = suffix end
  end
  if #holders == 0 then
    redis.call('DEL', key)
  else
    expireEntry(key, boardPrefix, holders)
  end
end
