import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { killOnExit, stopChild, waitForPort } from '../redis/embedded';
import { programPath } from '../programs';

export type Backend = { name: string; port: number };

export type HaproxyHandle = {
  url: string;
  port: number;
  stop(): Promise<void>;
};

/**
 * The load balancer's configuration. Why each line is there:
 * - `balance leastconn`: a page holds its WebSocket for hours, so what matters is how many each
 *   instance holds, not how many it was sent. After an instance restarts, new connections go to
 *   it until the two are even again; round robin would keep splitting them half and half.
 * - `timeout tunnel`: once a WebSocket is upgraded, client/server timeouts no longer apply;
 *   a watched page may be silent for minutes between Socket.IO pings.
 * - `cookie SERVERID insert indirect nocache`: Socket.IO's long-polling fallback sends every
 *   request of one session to the instance holding it; WebSockets do not need it.
 * - `option forwardfor`: adds the client's address as the last X-Forwarded-For hop, which the
 *   app (TRUST_PROXY=1) keys its rate limit on, whatever the client wrote there itself.
 * - health check on /api/health answering 200 or 503: an instance that answers is alive. A 503
 *   says Redis is unreachable, which every instance shares; the app's own 503 (JSON, with the
 *   page's "reconnecting" state) is better for clients than HAProxy's "no server available".
 * - `inter 1s fall 3`, `timeout check 3s`: a crashed instance leaves the rotation within 3 s, but
 *   one slowed by a busy machine is not taken out; meanwhile `option redispatch` + `retries 2`
 *   send a request that cannot connect to a crashed instance to another.
 * - a stick table counting each source address's open connections (`conn_cur`), and
 *   `tcp-request connection reject` past `connectionsPerSource`: a flood of connections from one
 *   address is closed by HAProxy before it costs an instance a socket, whatever it then sends.
 */
export type HaproxyOptions = {
  /** `timeout client` and `timeout server`: how long an HTTP request or answer may stay silent. */
  idleTimeout?: string;
  /** Connections one source address may hold open at once; 0 for no limit. */
  connectionsPerSource?: number;
};

/**
 * Well above what people behind one address hold: the app's 60 sockets per address
 * (RATE_LIMIT_SOCKETS_PER_ADDRESS), each page's browser adding a few HTTP connections.
 */
export const CONNECTIONS_PER_SOURCE = 500;

function perSourceLimit(limit: number): string[] {
  if (limit <= 0) return [];
  return [
    '  stick-table type ipv6 size 1m expire 60s store conn_cur',
    '  tcp-request connection track-sc0 src',
    `  tcp-request connection reject if { sc0_conn_cur gt ${limit} }`,
  ];
}

export function haproxyConfig(
  port: number,
  backends: readonly Backend[],
  { idleTimeout = '60s', connectionsPerSource = CONNECTIONS_PER_SOURCE }: HaproxyOptions = {},
): string {
  return [
    'global',
    // No maxconn: HAProxy derives it from the file descriptor limit it may raise itself to.
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    `  timeout client ${idleTimeout}`,
    `  timeout server ${idleTimeout}`,
    '  timeout http-request 10s',
    '  timeout tunnel 1h',
    '  timeout client-fin 5s',
    '  option forwardfor',
    '  option redispatch',
    '  retries 2',
    'frontend crowdpulse',
    `  bind 127.0.0.1:${port}`,
    ...perSourceLimit(connectionsPerSource),
    '  default_backend instances',
    'backend instances',
    '  balance leastconn',
    '  cookie SERVERID insert indirect nocache',
    '  option httpchk GET /api/health',
    '  http-check expect rstatus ^(200|503)$',
    '  timeout check 3s',
    '  default-server check inter 1s fall 3 rise 2',
    ...backends.map(({ name, port: backendPort }) => `  server ${name} 127.0.0.1:${backendPort} cookie ${name}`),
    '',
  ].join('\n');
}

/**
 * Runs Debian's haproxy in the foreground (-db) with that configuration, written to a temp dir
 * removed on stop; resolves once it accepts connections.
 */
export async function startHaproxy(
  port: number,
  backends: readonly Backend[],
  options: HaproxyOptions = {},
): Promise<HaproxyHandle> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'crowdpulse-haproxy-'));
  const configFile = path.join(dir, 'haproxy.cfg');
  writeFileSync(configFile, haproxyConfig(port, backends, options));
  const child = spawn(programPath('haproxy'), ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  // Whatever happens to this process, its load balancer must not outlive it.
  killOnExit(child);
  const stop = async () => {
    await stopChild(child);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForPort(child, port, 'haproxy');
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `http://127.0.0.1:${port}`, port, stop };
}
