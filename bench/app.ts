import { randomBytes } from 'node:crypto';
import { AppProcess } from '../e2e/support/app-process';

/** `pid`: its process group's, for the CPU it spends (bench/request-cpu.ts). */
export type App = { url: string; adminToken: string; pid?: number; stop(): Promise<void> };

/** server.ts as `npm start` runs it, against the given Redis, seeded, without simulator or limits. */
export async function startApp(redisUrl: string, env: Record<string, string> = {}): Promise<App> {
  const adminToken = randomBytes(18).toString('base64url');
  const app = await AppProcess.start({ REDIS_URL: redisUrl, ADMIN_TOKEN: adminToken, SEED_DEMO: '1', ...env });
  return { url: app.baseURL, adminToken, pid: app.pid, stop: () => app.stop() };
}
