import { defineScript } from '../redis/script';

/** The realtime layer's one script (lib/realtime/lua/), declared by name. */
export const openSocket = defineScript({
  file: 'realtime/lua/open-socket.lua',
  keys: ['sockets'],
  args: ['id', 'now', 'ttl', 'cap'],
  reply: (placed: 0 | 1) => placed === 1,
});
