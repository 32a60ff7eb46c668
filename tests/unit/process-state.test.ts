import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { isRunning } from '../../lib/redis/embedded';

const stateOf = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat[stat.lastIndexOf(')') + 2];
};
const nameOf = (pid: number) => readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
// In a container whose /proc belongs to another pid namespace, pids do not name /proc entries.
const procIsOurs =
  process.platform === 'linux' && Number(readFileSync('/proc/self/stat', 'utf8').split(' ')[0]) === process.pid;

it.runIf(procIsOurs)(
  'a process that exited and waits to be reaped (a zombie) is not running; its living parent is',
  async () => {
    // The shell becomes `sleep`, which never reaps; the child is killed only after that, so no
    // shell (bash reaps background jobs as they end) is left to reap it.
    const parent = spawn('sh', ['-c', 'sleep 60 & echo $!; exec sleep 60']);
    let child = 0;
    try {
      const [line] = (await once(parent.stdout!, 'data')) as [Buffer];
      child = Number(line.toString().trim());
      await expect.poll(() => nameOf(parent.pid!)).toBe('sleep');
      process.kill(child, 'SIGKILL');
      await expect.poll(() => stateOf(child)).toBe('Z');
      expect(isRunning(child)).toBe(false);
      expect(isRunning(parent.pid!)).toBe(true);
    } finally {
      parent.kill('SIGKILL');
      if (child && isRunning(child)) process.kill(child, 'SIGKILL');
    }
  },
);
