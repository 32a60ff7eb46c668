import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { isRunning } from '../../lib/redis/embedded';

const stateOf = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat[stat.lastIndexOf(')') + 2];
};

it.runIf(process.platform === 'linux')(
  'a process that exited and waits to be reaped (a zombie) is not running; its living parent is',
  async () => {
    // `sleep` never reaps the child its shell started before becoming it: that child stays a zombie.
    const parent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 5']);
    try {
      const [line] = (await once(parent.stdout!, 'data')) as [Buffer];
      const zombie = Number(line.toString().trim());
      await expect.poll(() => stateOf(zombie)).toBe('Z');
      expect(isRunning(zombie)).toBe(false);
      expect(isRunning(parent.pid!)).toBe(true);
    } finally {
      parent.kill('SIGKILL');
    }
  },
);
