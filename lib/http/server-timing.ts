/** The Server-Timing metric naming the instance: browsers expose it to the page's scripts (components/InstanceName.tsx). */
export const INSTANCE_TIMING = 'instance';

/** A Server-Timing entry whose description is `name`, as a quoted-string (RFC 9110 §5.6.4). */
export function instanceTiming(name: string): string {
  return `${INSTANCE_TIMING};desc="${name.replace(/["\\]/g, '\\$&')}"`;
}

/** The Server-Timing metric carrying the instance's clock when it took the request: pages count down on it (components/campaign/use-clock.ts). */
export const CLOCK_TIMING = 'clock';

export const clockTiming = (now: number) => `${CLOCK_TIMING};desc="${now}"`;
