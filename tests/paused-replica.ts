import { Redis } from 'ioredis';
import type { ClusterNodeInfo, LocalClusterHandle } from '../lib/scale/local-cluster';

export type PausedReplica = { resume: () => Promise<void> };

/**
 * The replica following `master`. A cluster reports ok before every node has heard, by gossip,
 * which replica follows which master, and a node restarted after a kill rejoins as a replica a
 * while later: on a busy machine that takes time, so the replica is waited for (up to 30 s), not assumed.
 */
export async function replicaOf(cluster: LocalClusterHandle, master: ClusterNodeInfo): Promise<ClusterNodeInfo> {
  for (const deadline = Date.now() + 30_000; ; await new Promise((resolve) => setTimeout(resolve, 100))) {
    const replica = (await cluster.describe()).find((node) => node.masterId === master.id);
    if (replica) return replica;
    if (Date.now() > deadline) throw new Error(`master ${master.port} has no replica`);
  }
}

/**
 * Stops (SIGSTOP) the replica of `master` until resume(): while it is stopped no WAIT can be
 * satisfied, whatever the load of the machine, unlike a DEBUG SLEEP that ends on the clock.
 * The process id is the one the server reports (INFO server), so the cluster handle is not involved.
 */
export async function pausedReplicaOf(cluster: LocalClusterHandle, master: ClusterNodeInfo): Promise<PausedReplica> {
  const replica = await replicaOf(cluster, master);
  const client = new Redis(replica.port, replica.host);
  const pid = Number(/process_id:(\d+)/.exec(await client.info('server'))?.[1]);
  client.disconnect();
  process.kill(pid, 'SIGSTOP');
  let resumed = false;
  return {
    resume: async () => {
      if (resumed) return;
      resumed = true;
      process.kill(pid, 'SIGCONT');
    },
  };
}
