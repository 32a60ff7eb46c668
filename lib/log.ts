import pino from 'pino';

const globalForLog = globalThis as typeof globalThis & { __crowdpulseLog?: pino.Logger };

/** One logger per process, shared by server.ts and the Next bundle. */
export const log: pino.Logger = (globalForLog.__crowdpulseLog ??= pino({
  level: process.env.LOG_LEVEL ?? 'info',
  base: undefined,
}));
