import { instanceName } from '../instance';

export const INSTANCE_HEADER = 'X-Crowdpulse-Instance';

type Headers = Record<string, string | number | readonly string[]>;
type HeaderTarget = { setHeader(name: string, value: string): unknown };
type EngineWithHeaders = { engine: { on(event: 'headers', listener: (headers: Headers) => void): unknown } };

/**
 * Names the instance on a Next response, and on every response Socket.IO's engine writes
 * itself (the long-polling transport never reaches Next's handler).
 */
export function nameInstanceOn(target: HeaderTarget | EngineWithHeaders): void {
  if ('setHeader' in target) target.setHeader(INSTANCE_HEADER, instanceName());
  else target.engine.on('headers', (headers) => void (headers[INSTANCE_HEADER] = instanceName()));
}
