import pino from 'pino';

const globalForLog = globalThis as typeof globalThis & { __crowdpulseLog?: pino.Logger };

const options: pino.LoggerOptions = { level: process.env.LOG_LEVEL ?? 'info', base: undefined };

/**
 * Readable lines for a person at a terminal, through pino-pretty as pino's transport: a
 * development tool, resolved in pino's worker only when a terminal asks, so a production
 * install (without devDependencies) logs JSON instead of failing.
 */
function forTerminal(): pino.Logger {
  try {
    const transport = pino.transport({ target: 'pino-pretty', options: { colorize: true, ignore: 'pid,hostname', translateTime: 'HH:MM:ss' } });
    return pino(options, transport);
  } catch {
    return pino(options);
  }
}

/** One logger per process, shared by server.ts and the Next bundle: JSON lines for machines. */
export const log: pino.Logger = (globalForLog.__crowdpulseLog ??= process.stdout.isTTY ? forTerminal() : pino(options));
