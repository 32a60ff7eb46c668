import os from 'node:os';

/**
 * This app instance's name, shown in every response's X-Crowdpulse-Instance and Server-Timing
 * headers (the page footer reads the latter in the browser) and as the `app_instance` label of its
 * metrics, so a person and a QA script behind a load balancer can see the spread. INSTANCE_NAME, or `<hostname>:<port>`. server.ts fixes it in the
 * environment at start, so that its module graph and Next's bundle name the instance alike.
 */
export function instanceName(): string {
  return (process.env.INSTANCE_NAME ||= `${os.hostname()}:${process.env.PORT ?? 3000}`);
}
