import os from 'node:os';
import { rawSetting, setSetting, setting } from './config';

/**
 * This app instance's name, shown in every response's X-Crowdpulse-Instance and Server-Timing
 * headers (the page footer reads the latter in the browser) and as the `app_instance` label of its
 * metrics, so a person and a QA script behind a load balancer can see the spread. INSTANCE_NAME, or `<hostname>:<port>`. server.ts fixes it in the
 * environment at start, so that its module graph and Next's bundle name the instance alike.
 */
export function instanceName(): string {
  const named = rawSetting('INSTANCE_NAME');
  if (named) return named;
  const made = `${os.hostname()}:${setting('PORT')}`;
  setSetting('INSTANCE_NAME', made);
  return made;
}
