/** "0.8 s", "12 s", "3 min": how long ago or how long to go, as a dashboard shows it. */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, ms) / 1_000;
  if (seconds < 10) return `${seconds.toFixed(1)} s`;
  if (seconds < 120) return `${Math.round(seconds)} s`;
  return `${Math.round(seconds / 60)} min`;
}

export const formatPercent = (ratio: number) => `${(ratio * 100).toFixed(1)} %`;
