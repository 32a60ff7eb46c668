import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { Socket } from 'node:net';

export type Upgrade = { status: number; socket?: Socket; head?: Buffer; body?: string };

/**
 * A bare WebSocket upgrade to the Engine.IO endpoint of `baseURL`, as a script without a browser
 * sends it: no Origin unless given, and no Socket.IO CONNECT ever. Status 0: reset before any answer.
 */
export function rawUpgrade(
  baseURL: string,
  headers: Record<string, string> = {},
  localAddress?: string,
): Promise<Upgrade> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${baseURL}/socket.io/?EIO=4&transport=websocket`, {
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': randomBytes(16).toString('base64'),
        ...headers,
      },
      agent: false,
      localAddress,
    });
    request.once('upgrade', (response, socket, head) => resolve({ status: response.statusCode!, socket, head }));
    request.once('response', (response) => {
      let body = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      response.once('end', () => resolve({ status: response.statusCode!, body }));
      response.once('error', () => resolve({ status: response.statusCode!, body }));
    });
    // A refused upgrade may be answered and closed at once: the close is the refusal.
    request.once('error', (error: NodeJS.ErrnoException) =>
      ['ECONNRESET', 'EPIPE'].includes(error.code ?? '') ? resolve({ status: 0 }) : reject(error),
    );
    request.end();
  });
}

/**
 * Resolves when the server sends a WebSocket close frame (opcode 8): it ended the connection.
 * The TCP connection itself lingers until the client answers the close, which this one never does.
 */
export function closedByServer({ socket, head = Buffer.alloc(0) }: Upgrade): Promise<void> {
  return new Promise((resolve, reject) => {
    let buffered = head;
    const read = (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      // Server frames are unmasked; Engine.IO's are short (a 126 length takes two more bytes).
      while (buffered.length >= 2) {
        const opcode = buffered[0]! & 0x0f;
        const short = buffered[1]! & 0x7f;
        const [offset, length] =
          short === 126 ? [4, buffered.length >= 4 ? buffered.readUInt16BE(2) : Infinity] : [2, short];
        if (buffered.length < offset + length) return;
        if (opcode === 8) return resolve();
        buffered = buffered.subarray(offset + length);
      }
    };
    socket!.on('data', read);
    socket!.on('error', () => undefined);
    socket!.once('close', () => reject(new Error('closed without a close frame')));
    read(Buffer.alloc(0));
  });
}
