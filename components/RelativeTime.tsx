const formatter = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

export function relativeTime(at: number, now: number): string {
  const seconds = Math.round((at - now) / 1000);
  if (seconds > -10) return 'just now';
  if (seconds > -60) return formatter.format(seconds, 'second');
  const minutes = Math.round(seconds / 60);
  if (minutes > -60) return formatter.format(minutes, 'minute');
  return formatter.format(Math.round(minutes / 60), 'hour');
}

/** "3 minutes ago", against the given clock (the server's), re-rendered by the caller's tick. */
export function RelativeTime({ at, now }: { at: number; now: number }) {
  return (
    <time dateTime={new Date(at).toISOString()} suppressHydrationWarning>
      {relativeTime(at, now)}
    </time>
  );
}
