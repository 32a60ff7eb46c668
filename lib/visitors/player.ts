import { createHmac } from 'node:crypto';
import { limitKey, networkScopes } from '../limits/limit-key';
import { visitorFromCookies, visitorSecret } from './cookie';

/** Characters of a public player id (and of a network id): 96 bits of an HMAC, URL-safe. */
const PLAYER_ID_LENGTH = 16;

/**
 * The public id of the player a visitor id stands for, as the boards show it: a keyed hash
 * (HMAC-SHA256 with VISITOR_SECRET), so it names one player on every board and every instance,
 * yet neither gives the cookie away nor lets anyone who sees it make one.
 */
export function playerIdOf(visitorId: string): string {
  return keyedId(`player:${visitorId}`);
}

/**
 * The network a client address belongs to, as the boards count rows per network: its limit key
 * (an IPv6 /64 is one network), keyed-hashed like a player id, so a board, kept for all time,
 * never stores an address.
 */
export function networkIdOf(address: string): string {
  return keyedId(`network:${limitKey(address)}`);
}

/**
 * Every network a client address is counted in on the boards, narrowest first (its /64, /56
 * and /48 for IPv6: lib/limits/limit-key.ts), keyed-hashed as networkIdOf, each with its share
 * of the rows cap in /64s' worth.
 */
export function networksOf(address: string): { id: string; share: number }[] {
  return networkScopes(address).map(({ key, share }) => ({ id: keyedId(`network:${key}`), share }));
}

function keyedId(value: string): string {
  const key = visitorSecret();
  if (!key) throw new Error('VISITOR_SECRET is not set');
  return createHmac('sha256', key).update(value).digest('base64url').slice(0, PLAYER_ID_LENGTH);
}

/** The public player id of a Cookie header's signed visitor id; undefined without a valid one. */
export function playerFromCookies(header: string | null | undefined): string | undefined {
  const visitor = visitorFromCookies(header ?? undefined);
  return visitor === undefined ? undefined : playerIdOf(visitor);
}
