import pino from 'pino';
import pretty from 'pino-pretty';

const globalForLog = globalThis as typeof globalThis & { __crowdpulseLog?: pino.Logger };

const options: pino.LoggerOptions = { level: process.env.LOG_LEVEL ?? 'info', base: undefined };

/**
 * One logger per process, shared by server.ts and the Next bundle: JSON lines for machines,
 * readable lines when a person watches a terminal.
 */
export const log: pino.Logger = (globalForLog.__crowdpulseLog ??= process.stdout.isTTY
  ? pino(options, pretty({ colorize: true, ignore: 'pid,hostname', translateTime: 'HH:MM:ss' }))
  : pino(options));
