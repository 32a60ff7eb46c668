import pino from 'pino';
import { rawSetting, SETTINGS } from './config';

// Parsed without throwing: `next build` imports the logger, and the start reports a bad LOG_LEVEL in its own line (lib/config.ts).

const globalForLog = globalThis as typeof globalThis & { __crowdpulseLog?: pino.Logger };

const options: pino.LoggerOptions = {
  level: SETTINGS.shape.LOG_LEVEL.safeParse(rawSetting('LOG_LEVEL')).data ?? 'info',
  base: undefined,
};

/**
 * Readable lines for a person at a terminal, through pino-pretty as pino's transport: a
 * development tool, resolved in pino's worker only when a terminal asks, so a production
 * install (without devDependencies) logs JSON instead of failing.
 */
function forTerminal(): pino.Logger {
  try {
    const transport = pino.transport({
      target: 'pino-pretty',
      options: { colorize: true, ignore: 'pid,hostname', translateTime: 'HH:MM:ss' },
    });
    return pino(options, transport);
  } catch {
    return pino(options);
  }
}

/** One logger per process, shared by server.ts and the Next bundle: JSON lines for machines. */
export const log: pino.Logger = (globalForLog.__crowdpulseLog ??= process.stdout.isTTY ? forTerminal() : pino(options));
