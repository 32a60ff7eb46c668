import { afterEach, describe, expect, it } from 'vitest';
import { connectTimeoutMs } from '../../../lib/realtime/handshake';

/** docs/configuration.md's SOCKET_CONNECT_TIMEOUT_MS: its default, its bounds, a bad value stopping the start. */
describe('SOCKET_CONNECT_TIMEOUT_MS', () => {
  afterEach(() => {
    delete process.env.SOCKET_CONNECT_TIMEOUT_MS;
  });

  it('closes a connection that joins no namespace after 10 s unless told (Socket.IO’s own default is 45 s)', () => {
    expect(connectTimeoutMs()).toBe(10_000);
    process.env.SOCKET_CONNECT_TIMEOUT_MS = '500';
    expect(connectTimeoutMs()).toBe(500);
  });

  it('refuses a value outside 100–60000 or not a whole number', () => {
    for (const value of ['0', '99', '60001', '1.5', 'soon']) {
      process.env.SOCKET_CONNECT_TIMEOUT_MS = value;
      expect(() => connectTimeoutMs()).toThrow();
    }
  });
});
