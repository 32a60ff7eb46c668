import type { IncomingMessage } from 'node:http';
import { log } from '../log';
import { takeFromAddress } from '../limits/address-limits';

/**
 * Not counted: the build's files (answered from memory), Socket.IO (bounded per socket and
 * address), and the probes HAProxy and Prometheus poll (metrics' failed tokens are counted:
 * lib/http/admin.ts). Every other path Next answers is a read.
 */
const UNCOUNTED = /^\/(?:_next\/static\/|socket\.io(?:[/?]|$)|api\/(?:health|metrics)(?:[/?]|$))/;

/**
 * Page loads and API reads (GET and HEAD) take a point of the address's read budget
 * (RATE_LIMIT_READS_PER_MIN): undefined when allowed, else the seconds to wait. A Redis that
 * cannot count lets the request through, to be answered (503, "reconnecting") by the route itself.
 */
export async function limitReads(request: IncomingMessage, address: string): Promise<number | undefined> {
  if ((request.method !== 'GET' && request.method !== 'HEAD') || UNCOUNTED.test(request.url ?? '/')) return undefined;
  return takeFromAddress('reads', address).catch((error: Error) => {
    log.warn({ err: error.message }, 'the read limit could not be counted');
    return undefined;
  });
}
