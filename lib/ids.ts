import { randomBytes } from 'node:crypto';

/**
 * Random bytes for ids, drawn from a block asked of the CSPRNG 4 KiB at a time (as Node's own
 * randomUUID does): under Next's server, each randomBytes call is wrapped to look for I/O during
 * prerendering, which cost a pledge more than its Redis script did.
 */
const BLOCK = 4096;
let block = Buffer.alloc(0);
let offset = 0;

/** `bytes` random bytes as URL-safe base64. */
export function randomToken(bytes: number): string {
  if (bytes > BLOCK) return randomBytes(bytes).toString('base64url');
  if (offset + bytes > block.length) {
    block = randomBytes(BLOCK);
    offset = 0;
  }
  const token = block.toString('base64url', offset, offset + bytes);
  // Each byte serves one id only: the block is never read twice.
  offset += bytes;
  return token;
}

/** 12 URL-safe characters (72 random bits): short in Redis, unique enough for event ids. */
export function newId(): string {
  return randomToken(9);
}
