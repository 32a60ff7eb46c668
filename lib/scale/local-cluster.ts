import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stopChild } from '../redis/embedded';
import { allOk, parseClusterNodes, replicasCaughtUp, type ClusterNode, type ClusterNodeInfo } from './cluster-topology';
import { cli, clusterPorts, createCluster, HOST, startNode, type RunningNode } from './redis-node';

export type { ClusterNode, ClusterNodeInfo } from './cluster-topology';

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

/**
 * Starts a throwaway Redis Cluster on loopback: `masters` masters with `replicasPerMaster`
 * replicas each, free ports (P and its bus port P+10000), no persistence, a temp dir per node.
 * Everything is killed and removed on stop() and when this process exits.
 */
export async function startLocalCluster(
  options: { masters?: number; replicasPerMaster?: number } = {},
): Promise<LocalClusterHandle> {
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
      const node: RunningNode = {
        host: HOST,
        port,
        dir: mkdtempSync(path.join(tmpdir(), `crowdpulse-cluster-${port}-`)),
      };
      running.push(node);
      node.child = await startNode(node);
    }
    await createCluster(ports, replicasPerMaster);
  } catch (error) {
    cleanUp();
    process.off('exit', cleanUp);
    throw error;
  }

  const alive = () =>
    running.filter((node) => node.child && node.child.exitCode === null && node.child.signalCode === null);
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
      const slot =
        typeof keyOrSlot === 'number'
          ? keyOrSlot
          : Number(await cli(alive()[0]?.port ?? 0, 'CLUSTER', 'KEYSLOT', keyOrSlot));
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
