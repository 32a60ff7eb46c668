// One redis-server of a throwaway cluster: its spawn, its ports, and redis-cli against it.
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { freePort, isFreePort, killOnExit, LAZYFREE_ARGS, waitForPort } from '../redis/embedded';
import { programPath } from '../programs';

const run = promisify(execFile);

export const HOST = '127.0.0.1';

export type RunningNode = { host: string; port: number; dir: string; child?: ChildProcess };

/** Free ports P whose cluster bus port P+10000 is free as well. */
export async function clusterPorts(count: number): Promise<number[]> {
  const ports: number[] = [];
  while (ports.length < count) {
    const port = await freePort();
    if (port + 10_000 > 65_535 || ports.includes(port)) continue;
    if (await isFreePort(port + 10_000, HOST)) ports.push(port);
  }
  return ports;
}

export async function startNode(node: RunningNode): Promise<ChildProcess> {
  const child = spawn(
    programPath('redis-server'),
    [
      '--port',
      String(node.port),
      '--bind',
      HOST,
      '--dir',
      node.dir,
      '--cluster-enabled',
      'yes',
      '--cluster-config-file',
      `nodes-${node.port}.conf`,
      '--cluster-node-timeout',
      '1000',
      '--save',
      '',
      '--appendonly',
      'no',
      '--repl-diskless-sync-delay',
      '0',
      '--enable-debug-command',
      'local',
      ...LAZYFREE_ARGS,
      '--loglevel',
      'warning',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  killOnExit(child);
  await waitForPort(child, node.port);
  return child;
}

export async function cli(port: number, ...args: string[]): Promise<string> {
  const { stdout } = await run(programPath('redis-cli'), ['-h', HOST, '-p', String(port), ...args], { timeout: 3_000 });
  return stdout.trim();
}

/** `redis-cli --cluster create` over the given ports, `replicasPerMaster` replicas each. */
export async function createCluster(ports: number[], replicasPerMaster: number): Promise<void> {
  await run(programPath('redis-cli'), [
    '--cluster',
    'create',
    ...ports.map((port) => `${HOST}:${port}`),
    '--cluster-replicas',
    String(replicasPerMaster),
    '--cluster-yes',
  ]);
}
