import { harnessRedis } from './harness-redis';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Redis } from 'ioredis';
import { waitUntilReady } from '../../lib/redis/client';
import { startRedisServer, type RedisServerHandle } from '../../lib/redis/embedded';
import { AppProcess } from './app-process';

/**
 * A private crowdpulse for tests: its own redis-server and app instances, each on a free port.
 * Redis can go down and come back on the same port; instances can be added, stopped or killed.
 */
export class Stack {
  readonly adminToken = `test-${randomBytes(18).toString('base64url')}`;
  /** Shared by every instance, as behind a load balancer: each accepts the others' visitor cookies. */
  readonly visitorSecret = randomBytes(24).toString('base64url');
  readonly apps: AppProcess[] = [];

  private constructor(
    private redis: RedisServerHandle,
    private readonly env: Record<string, string>,
    private readonly dataDir?: string,
  ) {}

  /** With `persistent`, Redis keeps an AOF in a temporary folder, so a killed Redis comes back with its data. */
  static async start(env: Record<string, string> = {}, { persistent = false } = {}): Promise<Stack> {
    const dataDir = persistent ? mkdtempSync(path.join(tmpdir(), 'crowdpulse-redis-')) : undefined;
    const stack = new Stack(await startRedisServer({ dataDir }), env, dataDir);
    await stack.addApp();
    return stack;
  }

  /** Another app instance on the same Redis, as behind a load balancer. */
  async addApp(): Promise<AppProcess> {
    const app = await AppProcess.start({
      ...this.env,
      REDIS_URL: this.redis.url,
      ADMIN_TOKEN: this.adminToken,
      VISITOR_SECRET: this.visitorSecret,
    });
    this.apps.push(app);
    return app;
  }

  get app(): AppProcess {
    return this.apps[0]!;
  }

  get baseURL(): string {
    return this.app.baseURL;
  }

  get redisUrl(): string {
    return this.redis.url;
  }

  /** Runs `work` with a client of this stack's Redis, closed afterwards. */
  async withRedis<T>(work: (redis: Redis) => Promise<T>): Promise<T> {
    const redis = harnessRedis(this.redisUrl);
    await waitUntilReady(redis);
    try {
      return await work(redis);
    } finally {
      redis.disconnect();
    }
  }

  async stopRedis(): Promise<void> {
    await this.redis.stop();
  }

  /** A redis-server on the same port: empty without persistence, else reloading its AOF. */
  async startRedis(): Promise<void> {
    this.redis = await startRedisServer({ port: this.redis.port, dataDir: this.dataDir });
  }

  /** A crash (SIGKILL), or a freeze (SIGSTOP) and a thaw (SIGCONT). */
  async signalRedis(signal: 'SIGKILL' | 'SIGSTOP' | 'SIGCONT'): Promise<void> {
    process.kill(this.redis.pid, signal);
    if (signal === 'SIGKILL') await this.redis.exited;
  }

  async stop(): Promise<void> {
    await Promise.all(this.apps.map((app) => app.stop()));
    try {
      process.kill(this.redis.pid, 'SIGCONT');
    } catch {
      // it has exited already
    }
    await this.redis.stop();
    if (this.dataDir) rmSync(this.dataDir, { recursive: true, force: true });
  }
}
