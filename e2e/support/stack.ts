import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { freePort, startRedisServer, type RedisServerHandle } from '../../lib/redis/embedded';

export type AppEnv = Record<string, string>;

/**
 * A private crowdpulse for tests and benchmarks: its own redis-server and its own app process
 * (the production build, run by server.ts), each on a free port. Either can be stopped and
 * started again on the same port, as an outage or a deploy would.
 */
export class Stack {
  readonly adminToken = `test-${Math.random().toString(36).slice(2)}`;
  private app?: ChildProcess;
  private appLog = '';

  private constructor(
    private redis: RedisServerHandle,
    readonly port: number,
    private readonly env: AppEnv,
  ) {}

  static async start(env: AppEnv = {}): Promise<Stack> {
    const stack = new Stack(await startRedisServer(), await freePort(), env);
    await stack.startApp();
    return stack;
  }

  get baseURL(): string {
    return `http://localhost:${this.port}`;
  }

  get redisUrl(): string {
    return this.redis.url;
  }

  async startApp(): Promise<void> {
    this.appLog = '';
    this.app = spawn(path.join('node_modules', '.bin', 'tsx'), ['server.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(this.port),
        REDIS_URL: this.redis.url,
        ADMIN_TOKEN: this.adminToken,
        RATE_LIMIT_PER_MIN: '0',
        SIMULATE: '0',
        SEED_DEMO: '0',
        LOG_LEVEL: 'warn',
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.app.stdout?.on('data', (chunk: Buffer) => (this.appLog += chunk));
    this.app.stderr?.on('data', (chunk: Buffer) => (this.appLog += chunk));
    await this.waitUntilServing();
  }

  async stopApp(): Promise<void> {
    const app = this.app;
    if (!app || app.exitCode !== null) return;
    const exited = once(app, 'exit');
    app.kill('SIGTERM');
    await exited;
  }

  async stopRedis(): Promise<void> {
    await this.redis.stop();
  }

  /** A new, empty redis-server on the same port: what an outage without persistence leaves. */
  async startRedis(): Promise<void> {
    this.redis = await startRedisServer({ port: this.redis.port });
  }

  async stop(): Promise<void> {
    await this.stopApp();
    await this.redis.stop();
  }

  private async waitUntilServing(): Promise<void> {
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      if (this.app?.exitCode !== null) throw new Error(`app exited: ${this.appLog}`);
      const ok = await fetch(`${this.baseURL}/api/health`).then((r) => r.ok, () => false);
      if (ok) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`app did not serve within 30 s: ${this.appLog}`);
  }
}
