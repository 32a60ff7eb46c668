'use client';

import { useSyncExternalStore } from 'react';
import { INSTANCE_TIMING } from '@/lib/http/server-timing';

const unchanging = () => () => {};

/** The instance that served this document, from its Server-Timing entry; unknown while rendering on the server. */
function documentInstance(): string | null {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return navigation?.serverTiming?.find((entry) => entry.name === INSTANCE_TIMING)?.description || null;
}

/**
 * Which app instance served the page: read in the browser, so the page itself stays one static
 * shell for every instance and visitor. A client navigation keeps the document, and its name.
 */
export function InstanceName() {
  const name = useSyncExternalStore(unchanging, documentInstance, () => null);
  return (
    <span className="mt-1 block min-h-4">
      {name && (
        <>
          Served by instance{' '}
          <span data-testid="instance-name" className="font-mono text-slate-600 dark:text-slate-300">
            {name}
          </span>
        </>
      )}
    </span>
  );
}
