import { randomBytes } from 'node:crypto';

/** 12 URL-safe characters (72 random bits): short in Redis, unique enough for event ids. */
export function newId(): string {
  return randomBytes(9).toString('base64url');
}
