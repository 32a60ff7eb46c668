import { Redis } from 'ioredis';
import type { ClusterNodeInfo, LocalClusterHandle } from '../lib/scale/local-cluster';

export type PausedReplica = { resume: () => Promise<void> };

/**
 * Stops (SIGSTOP) the replica of `master` until resume(): while it is stopped no WAIT can be
 * satisfied, whatever the load of the machine, unlike a DEBUG SLEEP that ends on the clock.
 * The process id is the one the server reports (INFO server), so the cluster handle is not involved.
 */
export async function pausedReplicaOf(cluster: LocalClusterHandle, master: ClusterNodeInfo): Promise<PausedReplica> {
  // A cluster reports ok before every node has heard, by gossip, which replica follows which
  // master: on a busy machine that takes a while, so the replica is waited for, not assumed.
  let replica: ClusterNodeInfo | undefined;
  for (const deadline = Date.now() + 30_000; !replica; await new Promise((resolve) => setTimeout(resolve, 100))) {
    replica = (await cluster.describe()).find((node) => node.masterId === master.id);
    if (!replica && Date.now() > deadline) throw new Error(`master ${master.port} has no replica`);
  }
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
