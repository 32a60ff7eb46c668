import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { freePort, killOnExit } from '../redis/embedded';
import { processEnv, rawSetting } from '../config';

const HARNESS_VISITOR_SECRET = rawSetting('VISITOR_SECRET') || randomBytes(32).toString('base64url');

export type AppProcessOptions = {
  /** Defaults to a free port. */
  port?: number;
  /** Each chunk of the server's output; by default only the last ones are kept, for errors. */
  onOutput?: (chunk: string) => void;
};

/**
 * server.ts as `npm start` runs it (the production build), against a given Redis, on a port of
 * its own; it can be stopped, killed like a crash, and started again on the same port.
 */
export class AppProcess {
  private child?: ChildProcess;
  private lines: string[] = [];

  private constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
    private readonly onOutput?: (chunk: string) => void,
  ) {}

  static async start(env: Record<string, string>, options: AppProcessOptions = {}): Promise<AppProcess> {
    const app = new AppProcess(options.port ?? (await freePort()), env, options.onOutput);
    await app.start();
    return app;
  }

  /** The last lines it printed. */
  get output(): string {
    return this.lines.join('');
  }

  /** Also its process group's id: the app's own children (an embedded redis-server) are in it. */
  get pid(): number {
    return this.child!.pid!;
  }

  get baseURL(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.lines = [];
    this.child = spawn(path.join('node_modules', '.bin', 'tsx'), ['server.ts'], {
      env: {
        ...processEnv(),
        NODE_ENV: 'production',
        // npm start needs one: every instance this process starts shares it, unless given one.
        VISITOR_SECRET: HARNESS_VISITOR_SECRET,
        ...this.env,
        PORT: String(this.port),
      },
      // Its own process group, so that a kill reaches tsx's node child too.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const child = this.child;
    // Whatever happens to this process, the instances it started must not outlive it.
    killOnExit(child, () => child.pid && process.kill(-child.pid, 'SIGKILL'));
    const keep = (chunk: Buffer) => {
      this.lines = [...this.lines, chunk.toString()].slice(-200);
      this.onOutput?.(chunk.toString());
    };
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
      if (
        await fetch(`${this.baseURL}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await this.stop('SIGKILL');
    throw new Error(`the app did not start serving:\n${this.output}`);
  }
}
