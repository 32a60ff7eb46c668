import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { freePort } from '../../lib/redis/embedded';

/**
 * server.ts as `npm start` runs it (the production build), against a given Redis, on a port of
 * its own; it can be stopped, killed like a crash, and started again on the same port.
 */
export class AppProcess {
  private child?: ChildProcess;
  private output: string[] = [];

  private constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  static async start(env: Record<string, string>): Promise<AppProcess> {
    const app = new AppProcess(await freePort(), env);
    await app.start();
    return app;
  }

  /** Also its process group's id: the app's own children (an embedded redis-server) are in it. */
  get pid(): number {
    return this.child!.pid!;
  }

  /** The last lines it wrote (stdout and stderr). */
  get recentOutput(): string {
    return this.output.join('');
  }

  get baseURL(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.output = [];
    this.child = spawn(path.join('node_modules', '.bin', 'tsx'), ['server.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(this.port),
        RATE_LIMIT_PER_MIN: '0',
        SIMULATE: '0',
        SEED_DEMO: '0',
        LOG_LEVEL: 'warn',
        ...this.env,
      },
      // Its own process group, so that a kill reaches tsx's node child too.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => (this.output = [...this.output, chunk.toString()].slice(-50));
    this.child.stdout?.on('data', keep);
    this.child.stderr?.on('data', keep);
    await this.waitUntilServing();
  }

  /** A clean shutdown (SIGTERM), or with 'SIGKILL' a crash that leaves no chance to clean up. */
  async stop(signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM'): Promise<void> {
    const child = this.child;
    if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    process.kill(-child.pid, signal);
    await exited;
  }

  private async waitUntilServing(): Promise<void> {
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      if (this.child?.exitCode !== null) break;
      if (await fetch(`${this.baseURL}/api/health`).then((r) => r.ok, () => false)) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await this.stop('SIGKILL');
    throw new Error(`the app did not start serving:\n${this.output.join('')}`);
  }
}
