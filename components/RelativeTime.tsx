import { relativeTime } from './format';

/** "3 minutes ago", against the given clock (the server's), re-rendered by the caller's tick. */
export function RelativeTime({ at, now }: { at: number; now: number }) {
  return (
    <time dateTime={new Date(at).toISOString()} suppressHydrationWarning>
      {relativeTime(at, now)}
    </time>
  );
}
