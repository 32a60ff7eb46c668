import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import net from 'node:net';
import { programPath } from '../programs';

export type RedisServerHandle = {
  url: string;
  port: number;
  pid: number;
  /** Resolves when the process ends, however it ends. */
  exited: Promise<void>;
  stop(): Promise<void>;
};

export type RedisServerOptions = {
  /** A given port brings the "same" Redis back after an outage; else a free one. */
  port?: number;
  /** Keep the data there (AOF, fsync every second); else throwaway: no RDB, no AOF. */
  dataDir?: string;
  /** A password it requires (`requirepass`), sent on its stdin, so no other local user reads it in its arguments; the url carries it. */
  password?: string;
};

/** The lowest local port the kernel draws for outgoing connections (Linux says; elsewhere IANA's 49152). */
function ephemeralLow(): number {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 49_152;
  } catch {
    return 49_152;
  }
}

export function isFreePort(port: number, host = '127.0.0.1'): Promise<boolean> {
  const server = net.createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/**
 * A free port below the kernel's range for outgoing connections, and so is the port 10,000 above it
 * (a cluster node's bus). A server killed and started again on its port (an outage in a test, the
 * supervisor's restart) must find it free: inside that range, any connection made meanwhile, by any
 * process, could have been given it as its own local port.
 */
export async function freePort(): Promise<number> {
  const lowest = 10_000;
  const highest = ephemeralLow() - 10_001;
  for (let tries = 0; tries < 50 && highest > lowest; tries++) {
    const port = lowest + Math.floor(Math.random() * (highest - lowest));
    if (await isFreePort(port)) return port;
  }
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

/**
 * Frees large keys (a pruned backlog, an expired window of a million members, a deleted board)
 * in a background thread, so that no DEL, expiry or eviction blocks the event loop. Every
 * redis-server the project starts (this one, the local cluster's nodes) runs with these.
 */
export const LAZYFREE_ARGS = [
  '--lazyfree-lazy-expire',
  'yes',
  '--lazyfree-lazy-user-del',
  'yes',
  '--lazyfree-lazy-server-del',
  'yes',
] as const;

/**
 * Starts a private redis-server: loopback only, on a free port (or the given one), throwaway
 * (no RDB or AOF) unless given a data folder, where it keeps an AOF fsynced every second.
 */
export async function startRedisServer(options: RedisServerOptions = {}): Promise<RedisServerHandle> {
  if (options.dataDir) keepPrivate(options.dataDir);
  const persistence = options.dataDir
    ? ['--dir', options.dataDir, '--appendonly', 'yes', '--appendfsync', 'everysec', '--save', '']
    : ['--save', '', '--appendonly', 'no'];
  for (let attempt = 1; ; attempt++) {
    const port = options.port ?? (await freePort());
    const fromStdin = options.password === undefined ? [] : ['-'];
    const args = [
      ...fromStdin,
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      ...persistence,
      ...LAZYFREE_ARGS,
      '--loglevel',
      'warning',
    ];
    const child = withPrivateUmask(() =>
      spawn(programPath('redis-server'), args, {
        stdio: [options.password === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      }),
    );
    if (options.password !== undefined) child.stdin!.end(`requirepass ${options.password}\n`);
    const exited = once(child, 'exit').then(() => undefined);
    // Whatever happens to this process, its private Redis must not outlive it.
    killOnExit(child);
    try {
      await waitForPort(child, port);
      const auth = options.password === undefined ? '' : `:${encodeURIComponent(options.password)}@`;
      return { url: `redis://${auth}127.0.0.1:${port}`, port, pid: child.pid!, exited, stop: () => stopChild(child) };
    } catch (error) {
      await stopChild(child);
      // Another process can take a free port between our probe and redis-server's bind.
      if (options.port !== undefined || attempt >= 3) throw error;
    }
  }
}

/**
 * The AOF holds client addresses and visitor ids: its folder is the owner's alone (0700), and so
 * is every file in it (0600), those an earlier run left with looser modes included.
 */
function keepPrivate(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
  for (const entry of readdirSync(dataDir, { recursive: true, withFileTypes: true })) {
    chmodSync(path.join(entry.parentPath, entry.name), entry.isDirectory() ? 0o700 : 0o600);
  }
}

/** Spawns with umask 077, which the child inherits at the fork (Node's spawn has no umask option): what Redis creates is its owner's alone. */
function withPrivateUmask<T>(start: () => T): T {
  const before = process.umask(0o077);
  try {
    return start();
  } finally {
    process.umask(before);
  }
}

/** Resolves once `child` (a `program` of Debian's, by its package name) accepts connections on `port`; rejects with its output if it exits first. */
export async function waitForPort(child: ChildProcess, port: number, program = 'redis-server'): Promise<void> {
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const spawnFailed = new Promise<never>((_, reject) => {
    child.once('error', (error) =>
      reject(
        (error as NodeJS.ErrnoException).code === 'ENOENT'
          ? new Error(`${program} is not installed (on Debian/Ubuntu: sudo apt-get install -y ${program})`)
          : error,
      ),
    );
    child.once('exit', (code) => reject(new Error(`${program} exited with ${code}: ${output.trim()}`)));
  });
  const deadline = Date.now() + 10_000;
  const connected = (async () => {
    while (Date.now() < deadline) {
      if (await canConnect(port)) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`${program} did not listen on ${port}: ${output.trim()}`);
  })();
  await Promise.race([connected, spawnFailed]);
  spawnFailed.catch(() => undefined);
}

/**
 * Whether a process of that id still runs (signal 0 checks without signalling). A zombie does not:
 * it has exited and waits for its parent to read its status, which for an orphan is the machine's
 * init, and some containers' init reads it late.
 */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  return processState(pid) !== 'Z';
}

/** Linux's one-letter state of a process (`/proc/<pid>/stat`, after its name in parentheses); undefined elsewhere. */
function processState(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat[stat.lastIndexOf(')') + 2];
  } catch {
    return undefined;
  }
}

export function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/**
 * Kills `child` (by `kill`, SIGKILL by default) if this process exits first. One 'exit' listener
 * for all children: a scaled stack starts a dozen, past Node's leak warning at eleven.
 */
const killers = new Map<ChildProcess, () => void>();
export function killOnExit(child: ChildProcess, kill: () => void = () => child.kill('SIGKILL')): void {
  if (killers.size === 0) process.once('exit', killAll);
  killers.set(child, kill);
  child.once('exit', () => {
    killers.delete(child);
    if (killers.size === 0) process.off('exit', killAll);
  });
}
function killAll(): void {
  for (const kill of killers.values()) kill();
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
  await exited;
  clearTimeout(timer);
}
