import os from 'node:os';

export const INSTANCE_HEADER = 'X-Crowdpulse-Instance';

/**
 * This app instance's name, shown in every response's X-Crowdpulse-Instance header and in the
 * page footer, so a person and a QA script behind a load balancer can see the spread.
 * INSTANCE_NAME, or `<hostname>:<port>`. server.ts fixes it in the environment at start, so
 * that its module graph and Next's bundle name the instance alike.
 */
export function instanceName(): string {
  return (process.env.INSTANCE_NAME ||= `${os.hostname()}:${process.env.PORT ?? 3000}`);
}

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
