import { z } from 'zod';
import { BUILT_IN_KINDS, KINDS, windowsOf, type KindDescriptor, type Windows } from './kinds';
import { processEnv, type Env } from '../config';

export { HOUR, MINUTE, SECOND, type Windows } from './kinds';

/** The write-up's kinds' default windows (kinds.ts); an added kind's default is its descriptor's (windowOf). */
export const DEFAULT_WINDOWS: Windows = windowsOf(BUILT_IN_KINDS);

const windowMs = z.coerce.number().int().min(1_000);

/** Each kind's window from its variable (WINDOW_CONTRIBUTIONS_MS, …), or its default; refused below 1 s. */
export function windowsFromEnv(env: Env = processEnv(), kinds: readonly KindDescriptor[] = KINDS): Windows {
  const parsed = z
    .object(Object.fromEntries(kinds.map((kind) => [kind.env, windowMs.default(kind.windowMs)])))
    .parse(env);
  return Object.fromEntries(kinds.map((kind) => [kind.name, parsed[kind.env]])) as Windows;
}

/** Presence is refreshed at half the visitors window, so one missed beat never drops anyone. */
export function heartbeatInterval(windows: Windows): number {
  return Math.floor(windows.visitors / 2);
}
