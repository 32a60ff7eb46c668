import type { IncomingMessage } from 'node:http';
// Next's own parser of the header: what it accepts is what Next renders, so no shape is copied here.
import { parseAndValidateFlightRouterState } from 'next/dist/server/app-render/parse-and-validate-flight-router-state';

const HEADER = 'next-router-state-tree';

/**
 * What is wrong with a client navigation's `Next-Router-State-Tree` (too long, not URI-encoded
 * JSON, not a router state): Next throws on it mid-render, a 500. Undefined when absent or sound.
 */
export function routerStateProblem(request: IncomingMessage): string | undefined {
  const header = request.headers[HEADER];
  if (header === undefined) return undefined;
  try {
    parseAndValidateFlightRouterState(header);
    return undefined;
  } catch (error) {
    return `${HEADER}: ${(error as Error).message}`;
  }
}
