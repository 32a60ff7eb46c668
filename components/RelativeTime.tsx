const formatter = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

export function relativeTime(at: number, now: number): string {
  const seconds = Math.round((at - now) / 1000);
  if (seconds > -10) return 'just now';
  if (seconds > -60) return formatter.format(seconds, 'second');
  const minutes = Math.round(seconds / 60);
  if (minutes > -60) return formatter.format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours > -24) return formatter.format(hours, 'hour');
  return formatter.format(Math.round(hours / 24), 'day');
}

/** "3 minutes ago", against the given clock (the server's), re-rendered by the caller's tick. */
export function RelativeTime({ at, now }: { at: number; now: number }) {
  return (
    <time dateTime={new Date(at).toISOString()} suppressHydrationWarning>
      {relativeTime(at, now)}
    </time>
  );
}
