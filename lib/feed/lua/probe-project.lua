#!lua flags=no-writes
--[[
  What the sweep (sweep.ts) asks of one project, in its slot, without writing. Acknowledged
  messages are deleted with their XACK (ack-entry.lua), so the stream's length is exactly its
  unfinished messages: never delivered, or pending with a worker.

  KEYS[1] queue  the project's fan-out stream   KEYS[2] mergedTo  string

  Returns {messages in the stream, 1 if some entry of it was never pushed (merged at read)}
]]
return { redis.call('XLEN', KEYS[1]), redis.call('EXISTS', KEYS[2]) }
