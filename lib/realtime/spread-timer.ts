/**
 * Runs `beat` every `intervalMs`, the first time after a random part of an interval: instances
 * started together (a deploy, a restart of them all) then send their heartbeats spread over the
 * interval instead of all in the same moment.
 */
export function everySpread(
  beat: () => void,
  intervalMs: number,
  random: () => number = Math.random,
): { stop(): void } {
  let interval: NodeJS.Timeout | undefined;
  const first = setTimeout(
    () => {
      beat();
      interval = setInterval(beat, intervalMs);
    },
    Math.floor(random() * intervalMs),
  );
  return {
    stop() {
      clearTimeout(first);
      clearInterval(interval);
    },
  };
}
