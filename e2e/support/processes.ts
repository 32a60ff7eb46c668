import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isRunning } from '../../lib/redis/embedded';

/** Every process descending from `root`, read from /proc (Linux). */
export function descendants(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {} // gone meanwhile
  }
  const found: number[] = [];
  for (let frontier = [root]; frontier.length > 0;) {
    frontier = [...parents].filter(([, parent]) => frontier.includes(parent)).map(([pid]) => pid);
    found.push(...frontier);
  }
  return found;
}

/** A process's command line, or '' once it is gone. */
export function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

/** Whether a command line runs `program`, by name or by the path it was found at (lib/programs.ts). */
export function runs(command: string, program: string): boolean {
  return path.basename(command.split(' ')[0] ?? '') === program;
}

/** `npm run <script>` as a terminal's foreground job: a process group of its own, its output kept. */
export function foregroundScript(script: string, env: Record<string, string>) {
  const child = spawn('npm', ['run', '--silent', script], {
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    pid: child.pid!,
    output: () => output,
    /** What Ctrl-C sends to the foreground process group; resolves once npm has exited. */
    async interrupt(): Promise<void> {
      process.kill(-child.pid!, 'SIGINT');
      await once(child, 'exit');
    },
    /** After a failure: Ctrl-C still, then a kill; and whatever it started and left, killed, so no run leaks it. */
    async stop(started: readonly number[]): Promise<void> {
      if (running()) {
        process.kill(-child.pid!, 'SIGINT');
        const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 15_000);
        await once(child, 'exit');
        clearTimeout(timer);
      }
      for (const pid of started.filter(isRunning)) process.kill(pid, 'SIGKILL');
    },
  };
}

/** A server's environment for an embedded Redis of its own, keeping its data in `dataDir`: the run's Redis not named. */
export const ownRedisEnv = (dataDir: string) => ({
  REDIS_URL: '',
  REDIS_CLUSTER_NODES: '',
  REDIS_DATA_DIR: dataDir,
  VISITOR_SECRET: 'v'.repeat(32),
});
