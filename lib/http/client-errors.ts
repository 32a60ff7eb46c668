import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';

/** Node's default answers to what its parser refuses before any handler runs, but the head overflow. */
const STATUS_LINES: Record<string, string> = {
  HPE_CHUNK_EXTENSIONS_OVERFLOW: '413 Payload Too Large',
  ERR_HTTP_REQUEST_TIMEOUT: '408 Request Timeout',
  HPE_INVALID_METHOD: '405 Method Not Allowed',
};

/**
 * Answers CONNECT with a 405, and what Node's HTTP parser refuses (the server's 'clientError'), as Node would, except a
 * request head over its 16 KiB (`maxHeaderSize`: a long target or header): Node's bare 431 is
 * not one of the API's answers, so it gets the 400 `invalid_path` JSON a target over 4 KiB gets
 * once parsed (http-server.ts).
 */
export function answerParserErrors(server: Server): void {
  // A proxy's tunnel: Node hands CONNECT to this event, and with no listener drops the connection unanswered.
  server.on('connect', (_request: unknown, socket: Duplex) => {
    const body = JSON.stringify({ error: { code: 'method_not_allowed', message: 'this server is not a proxy' } });
    socket.end(
      `HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
    const overflow = error.code === 'HPE_HEADER_OVERFLOW';
    const body = overflow
      ? JSON.stringify({
          error: { code: 'invalid_path', message: 'the request line and headers are longer than 16 KiB' },
        })
      : '';
    const status = overflow ? '400 Bad Request' : (STATUS_LINES[error.code ?? ''] ?? '400 Bad Request');
    const type = overflow ? 'Content-Type: application/json\r\n' : '';
    socket.end(
      `HTTP/1.1 ${status}\r\n${type}Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
