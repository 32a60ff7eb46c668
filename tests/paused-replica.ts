import { Redis } from 'ioredis';
import type { ClusterNodeInfo, LocalClusterHandle } from '../lib/scale/local-cluster';

export type PausedReplica = { resume: () => Promise<void> };

/**
 * Stops (SIGSTOP) the replica of `master` until resume(): while it is stopped no WAIT can be
 * satisfied, whatever the load of the machine, unlike a DEBUG SLEEP that ends on the clock.
 * The process id is the one the server reports (INFO server), so the cluster handle is not involved.
 */
export async function pausedReplicaOf(cluster: LocalClusterHandle, master: ClusterNodeInfo): Promise<PausedReplica> {
  const replica = (await cluster.describe()).find((node) => node.masterId === master.id);
  if (!replica) throw new Error(`master ${master.port} has no replica`);
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
