/**
 * The receiving end of `bench/sizing.ts`'s frame measure, in a process of its own so that the
 * server's CPU time is the server's alone. Arguments: a URL and a number of sockets; opens that
 * many Socket.IO clients (WebSocket) and counts the 'live:changes' frames they receive. Prints
 * "ready" once all are connected, then on each line of stdin the frames received so far.
 */
import { createInterface } from 'node:readline';
import { io, type Socket } from 'socket.io-client';

const [url = '', wanted = '0'] = process.argv.slice(2);
const count = Number(wanted);
let frames = 0;
const sockets: Socket[] = [];
let connected = 0;
for (let i = 0; i < count; i++) {
  const socket = io(url, { transports: ['websocket'], reconnection: false, forceNew: true });
  socket.once('connect', () => {
    if (++connected === count) process.stdout.write('ready\n');
  });
  socket.on('live:changes', () => void frames++);
  sockets.push(socket);
}
createInterface({ input: process.stdin }).on('line', () => process.stdout.write(`${frames}\n`));
process.stdin.once('end', () => {
  sockets.forEach((socket) => socket.close());
  process.exit(0);
});
