import { useFormat } from './use-format';

/** "3 minutes ago", "vor 3 Minuten", against the given clock (the server's), re-rendered by the caller's tick. */
export function RelativeTime({ at, now }: { at: number; now: number }) {
  const format = useFormat();
  return (
    <time dateTime={new Date(at).toISOString()} suppressHydrationWarning>
      {format.relative(at, now)}
    </time>
  );
}
