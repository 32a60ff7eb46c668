import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

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
