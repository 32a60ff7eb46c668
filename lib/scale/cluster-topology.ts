// What a throwaway cluster's nodes say of it: CLUSTER NODES parsed, and whether it is settled.
import { cli } from './redis-node';

export type ClusterNode = { host: string; port: number };
export type ClusterNodeInfo = ClusterNode & {
  id: string;
  role: 'master' | 'replica';
  masterId?: string;
  slots: [number, number][];
};

/**
 * Every running node says ok and sees all 16384 slots served by running masters, and every
 * replica is in sync (a replica that never synced refuses to fail over).
 */
export async function allOk(nodes: ClusterNode[]): Promise<boolean> {
  const running = new Set(nodes.map((node) => node.port));
  const views = await Promise.all(
    nodes
      .map(async (node) => {
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
      })
      .map((view) => view.catch(() => false)),
  );
  return views.every(Boolean);
}

/** Replication is asynchronous: a write a test relies on after a failover must reach the replica first. */
export async function replicasCaughtUp(nodes: ClusterNode[]): Promise<boolean> {
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
