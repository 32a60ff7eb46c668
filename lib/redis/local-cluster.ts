import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort, stopChild, waitForPort } from './embedded';

const run = promisify(execFile);

export type ClusterNode = { host: string; port: number };
export type ClusterNodeInfo = ClusterNode & { id: string; role: 'master' | 'replica'; masterId?: string; slots: [number, number][] };

export type LocalClusterHandle = {
  nodes: ClusterNode[];
  /** "127.0.0.1:P1,127.0.0.1:P2,...": the value of REDIS_CLUSTER_NODES. */
  seedNodes: string;
  /** The master serving a key (or a slot number), as the cluster sees it now. */
  masterFor(keyOrSlot: string | number): Promise<ClusterNodeInfo>;
  /** Every node, with its role and slots, from CLUSTER NODES of a live node. */
  describe(): Promise<ClusterNodeInfo[]>;
  killNode(port: number, signal?: NodeJS.Signals): Promise<void>;
  /** Starts a killed node again on its port and directory; it rejoins from its nodes.conf. */
  restartNode(port: number): Promise<void>;
  /** Resolves when every running node reports cluster_state:ok and agrees on a full slot map. */
  waitForOk(timeoutMs?: number): Promise<void>;
  /** Resolves when every replica has applied all that its master has written so far. */
  waitForReplicas(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
};

type RunningNode = ClusterNode & { dir: string; child?: ChildProcess };

const HOST = '127.0.0.1';

/**
 * Starts a throwaway Redis Cluster on loopback: `masters` masters with `replicasPerMaster`
 * replicas each, free ports (P and its bus port P+10000), no persistence, a temp dir per node.
 * Everything is killed and removed on stop() and when this process exits.
 */
export async function startLocalCluster(options: { masters?: number; replicasPerMaster?: number } = {}): Promise<LocalClusterHandle> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(options);
    } catch (error) {
      // Another process can take a free port between our probe and redis-server's bind.
      if (attempt >= 3) throw error;
    }
  }
}

async function startOnce({ masters = 3, replicasPerMaster = 1 }): Promise<LocalClusterHandle> {
  const count = masters * (1 + replicasPerMaster);
  const running: RunningNode[] = [];
  const cleanUp = () => {
    for (const node of running) {
      node.child?.kill('SIGKILL');
      rmSync(node.dir, { recursive: true, force: true });
    }
  };
  process.once('exit', cleanUp);
  try {
    const ports = await clusterPorts(count);
    for (const port of ports) {
      const node: RunningNode = { host: HOST, port, dir: mkdtempSync(path.join(tmpdir(), `crowdpulse-cluster-${port}-`)) };
      running.push(node);
      node.child = await startNode(node);
    }
    await run('redis-cli', [
      '--cluster', 'create', ...ports.map((port) => `${HOST}:${port}`),
      '--cluster-replicas', String(replicasPerMaster), '--cluster-yes',
    ]);
  } catch (error) {
    cleanUp();
    process.off('exit', cleanUp);
    throw error;
  }

  const alive = () => running.filter((node) => node.child && node.child.exitCode === null && node.child.signalCode === null);
  const describe = async () => {
    for (const node of alive()) {
      const reply = await cli(node.port, 'CLUSTER', 'NODES').catch(() => undefined);
      if (reply) return parseClusterNodes(reply);
    }
    throw new Error('no cluster node is running');
  };
  const waitForOk = async (timeoutMs = 20_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (await allOk(alive())) return;
      if (Date.now() > deadline) throw new Error(`cluster not ok after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  await waitForOk().catch((error: unknown) => {
    cleanUp();
    process.off('exit', cleanUp);
    throw error;
  });

  const byPort = (port: number) => {
    const node = running.find((candidate) => candidate.port === port);
    if (!node) throw new Error(`no cluster node on port ${port}`);
    return node;
  };
  return {
    nodes: running.map(({ host, port }) => ({ host, port })),
    seedNodes: running.map(({ host, port }) => `${host}:${port}`).join(','),
    describe,
    async masterFor(keyOrSlot) {
      const slot = typeof keyOrSlot === 'number' ? keyOrSlot : Number(await cli(alive()[0]?.port ?? 0, 'CLUSTER', 'KEYSLOT', keyOrSlot));
      const master = (await describe()).find(
        (node) => node.role === 'master' && node.slots.some(([from, to]) => slot >= from && slot <= to),
      );
      if (!master) throw new Error(`no master serves slot ${slot}`);
      return master;
    },
    async killNode(port, signal = 'SIGKILL') {
      const node = byPort(port);
      if (!node.child || node.child.exitCode !== null || node.child.signalCode !== null) return;
      const exited = once(node.child, 'exit');
      node.child.kill(signal);
      await exited;
    },
    async restartNode(port) {
      const node = byPort(port);
      node.child = await startNode(node);
    },
    waitForOk,
    async waitForReplicas(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (!(await replicasCaughtUp(alive()))) {
        if (Date.now() > deadline) throw new Error(`replicas not caught up after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async stop() {
      process.off('exit', cleanUp);
      await Promise.all(running.map((node) => (node.child ? stopChild(node.child) : undefined)));
      for (const node of running) rmSync(node.dir, { recursive: true, force: true });
    },
  };
}

/** Free ports P whose cluster bus port P+10000 is free as well. */
async function clusterPorts(count: number): Promise<number[]> {
  const ports: number[] = [];
  while (ports.length < count) {
    const port = await freePort();
    if (port + 10_000 > 65_535 || ports.includes(port)) continue;
    if (await isFree(port + 10_000)) ports.push(port);
  }
  return ports;
}

async function isFree(port: number): Promise<boolean> {
  const server = net.createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, HOST, () => server.close(() => resolve(true)));
  });
}

async function startNode(node: RunningNode): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    [
      '--port', String(node.port), '--bind', HOST, '--dir', node.dir,
      '--cluster-enabled', 'yes', '--cluster-config-file', `nodes-${node.port}.conf`, '--cluster-node-timeout', '1000',
      '--save', '', '--appendonly', 'no', '--repl-diskless-sync-delay', '0', '--enable-debug-command', 'local', '--loglevel', 'warning',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  await waitForPort(child, node.port);
  return child;
}

async function cli(port: number, ...args: string[]): Promise<string> {
  const { stdout } = await run('redis-cli', ['-h', HOST, '-p', String(port), ...args], { timeout: 3_000 });
  return stdout.trim();
}

/**
 * Every running node says ok and sees all 16384 slots served by running masters, and every
 * replica is in sync (a replica that never synced refuses to fail over).
 */
async function allOk(nodes: ClusterNode[]): Promise<boolean> {
  const running = new Set(nodes.map((node) => node.port));
  const views = await Promise.all(
    nodes.map(async (node) => {
      const [info, table, replication] = await Promise.all([
        cli(node.port, 'CLUSTER', 'INFO'),
        cli(node.port, 'CLUSTER', 'NODES'),
        cli(node.port, 'INFO', 'replication'),
      ]);
      if (!/cluster_state:ok/.test(info)) return false;
      if (/role:slave/.test(replication) && !/master_link_status:up/.test(replication)) return false;
      const masters = parseClusterNodes(table).filter((entry) => entry.role === 'master');
      const served = masters.flatMap((master) => master.slots).reduce((sum, [from, to]) => sum + to - from + 1, 0);
      return served === 16_384 && masters.every((master) => master.slots.length === 0 || running.has(master.port));
    }).map((view) => view.catch(() => false)),
  );
  return views.every(Boolean);
}

/** Replication is asynchronous: a write a test relies on after a failover must reach the replica first. */
async function replicasCaughtUp(nodes: ClusterNode[]): Promise<boolean> {
  const replies = await Promise.all(nodes.map((node) => cli(node.port, 'INFO', 'replication').catch(() => '')));
  return replies.every((reply) => {
    if (!/role:master/.test(reply)) return true;
    const written = Number(/master_repl_offset:(\d+)/.exec(reply)?.[1] ?? 0);
    const applied = [...reply.matchAll(/^slave\d+:.*offset=(\d+)/gm)].map((match) => Number(match[1]));
    return applied.every((offset) => offset >= written);
  });
}

const NODE_LINE = /^(\S+) (\S+):(\d+)@\d+\S* (\S+) (\S+) \S+ \S+ \S+ \S+ ?(.*)$/;

/** The nodes of a CLUSTER NODES reply that are not failing, with their role and slot ranges. */
export function parseClusterNodes(reply: string): ClusterNodeInfo[] {
  return reply.split('\n').flatMap((line) => {
    const match = NODE_LINE.exec(line.trim());
    if (!match) return [];
    const [, id = '', host = '', port = '', flags = '', masterId = '-', slotRanges = ''] = match;
    if (/\b(fail|handshake|noaddr)\b/.test(flags)) return [];
    const slots = slotRanges
      .split(' ')
      .filter((range) => /^\d/.test(range))
      .map((range): [number, number] => {
        const [from = 0, to = from] = range.split('-').map(Number);
        return [from, to];
      });
    const role = flags.includes('master') ? ('master' as const) : ('replica' as const);
    return [{ id, host, port: Number(port), role, masterId: masterId === '-' ? undefined : masterId, slots }];
  });
}
