import type { IncomingMessage } from 'node:http';
import proxyAddr from 'proxy-addr';
import { rawSetting } from '../config';

type Trust = (address: string, hop: number) => boolean;

const trustNobody: Trust = () => false;
let compiled: { setting: string; trust: Trust } | undefined;

/**
 * TRUST_PROXY: the proxies whose X-Forwarded-For (and X-Forwarded-Proto) count. Unset or 0:
 * none. 1: one balancer on this host (demo:cluster's HAProxy): the peer must be a loopback
 * address, and only the hop it added counts. Otherwise a comma-separated list of addresses,
 * CIDRs, or proxy-addr's names (loopback, linklocal, uniquelocal): hops are read from the right
 * while they come from a listed proxy. A header from any other peer is something a client
 * wrote, and ignored. Throws on a malformed setting.
 */
export function trustedProxies(): Trust {
  const setting = (rawSetting('TRUST_PROXY') ?? '').trim();
  if (compiled?.setting === setting) return compiled.trust;
  const list = setting
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part && part !== '0');
  let trust: Trust = trustNobody;
  try {
    if (setting === '1') {
      const loopback = proxyAddr.compile('loopback');
      trust = (address, hop) => hop === 0 && loopback(address, hop);
    } else if (list.length) trust = proxyAddr.compile(list);
  } catch (error) {
    throw new Error(`TRUST_PROXY: ${(error as Error).message}`);
  }
  compiled = { setting, trust };
  return trust;
}

/**
 * The address a request is limited by: its peer's, or, when that peer is a trusted proxy, the
 * nearest X-Forwarded-For hop no trusted proxy added (proxy-addr walks the list from the right).
 */
export function addressOf(request: IncomingMessage): string {
  const peer = request.socket.remoteAddress;
  if (!peer) return 'unknown';
  return proxyAddr(request, trustedProxies());
}

/** Whether the request's peer is a proxy we trust (its X-Forwarded-* headers count). */
export function fromTrustedProxy(request: IncomingMessage): boolean {
  const peer = request.socket.remoteAddress;
  return Boolean(peer) && trustedProxies()(peer!, 0);
}
