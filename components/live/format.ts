export const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

/** "24 hours", "30 minutes": a window as people say it. */
export function formatWindow(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes % 60 === 0) {
    const hours = minutes / 60;
    return `${hours} ${plural(hours, 'hour', 'hours')}`;
  }
  if (minutes >= 1) return `${minutes} ${plural(minutes, 'minute', 'minutes')}`;
  const seconds = Math.round(ms / 1000);
  return `${seconds} ${plural(seconds, 'second', 'seconds')}`;
}
