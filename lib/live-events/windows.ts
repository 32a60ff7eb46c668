import { z } from 'zod';
import type { windowsSchema } from './schemas';

export const SECOND = 1_000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;

/** How long each kind of live event stays on the page. Configuration, never a literal elsewhere. */
export type Windows = z.infer<typeof windowsSchema>;

export const DEFAULT_WINDOWS: Windows = {
  contributions: 24 * HOUR,
  contributors: 30 * MINUTE,
  news: 24 * HOUR,
  visitors: 60 * SECOND,
};

const windowMs = (fallback: number) => z.coerce.number().int().min(1_000).default(fallback);

const windowsFromEnvSchema = z.object({
  WINDOW_CONTRIBUTIONS_MS: windowMs(DEFAULT_WINDOWS.contributions),
  WINDOW_CONTRIBUTORS_MS: windowMs(DEFAULT_WINDOWS.contributors),
  WINDOW_NEWS_MS: windowMs(DEFAULT_WINDOWS.news),
  WINDOW_VISITORS_MS: windowMs(DEFAULT_WINDOWS.visitors),
});

export function windowsFromEnv(env: NodeJS.ProcessEnv = process.env): Windows {
  const parsed = windowsFromEnvSchema.parse(env);
  return {
    contributions: parsed.WINDOW_CONTRIBUTIONS_MS,
    contributors: parsed.WINDOW_CONTRIBUTORS_MS,
    news: parsed.WINDOW_NEWS_MS,
    visitors: parsed.WINDOW_VISITORS_MS,
  };
}

/** Presence is refreshed at half the visitors window, so one missed beat never drops anyone. */
export function heartbeatInterval(windows: Windows): number {
  return Math.floor(windows.visitors / 2);
}
