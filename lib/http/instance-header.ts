import { instanceName } from '../instance';
import { clockTiming, instanceTiming } from './server-timing';

export const INSTANCE_HEADER = 'X-Crowdpulse-Instance';
const SERVER_TIMING = 'Server-Timing';

type Headers = Record<string, string | number | readonly string[]>;
type HeaderTarget = { setHeader(name: string, value: string): unknown };
type EngineWithHeaders = { engine: { on(event: 'headers', listener: (headers: Headers) => void): unknown } };

/**
 * Names the instance (and its clock, for a page's count-downs) on a Next response, and on every response Socket.IO's engine writes
 * itself (the long-polling transport never reaches Next's handler). Server-Timing names it too:
 * a page's scripts can read that one (the footer), so the HTML stays the same on every instance.
 */
export function nameInstanceOn(target: HeaderTarget | EngineWithHeaders): void {
  if ('setHeader' in target) {
    target.setHeader(INSTANCE_HEADER, instanceName());
    target.setHeader(SERVER_TIMING, `${instanceTiming(instanceName())}, ${clockTiming(Date.now())}`);
  } else {
    target.engine.on('headers', (headers) => {
      headers[INSTANCE_HEADER] = instanceName();
      headers[SERVER_TIMING] = instanceTiming(instanceName());
    });
  }
}
