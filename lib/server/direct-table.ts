import type { DirectRoute } from './direct-routes';
import { postContribution } from './routes/contribution-route';
import { getHealth } from './routes/health-route';

/**
 * The routes server.ts answers without Next's router (direct-routes.ts); app/ exports the same
 * handlers for Next, so both answer alike. The hottest write (docs/operations.md, "Page views and
 * contribution POSTs per instance"), and the probe: uncounted (HAProxy polls it), so it costs a PING, not Next's pipeline.
 */
export const DIRECT_ROUTES: readonly DirectRoute[] = [
  { method: 'POST', path: /^\/api\/projects\/(?<slug>[^/]+)\/contributions$/, handler: postContribution },
  { method: 'GET', path: /^\/api\/health$/, handler: getHealth },
];
