import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { NotFoundError } from '../errors';
import { projectKeys } from '../projects/keys';
import type { RedisClient } from '../redis/client';
import type { reconcileSchema } from './schemas';

export type Reconciliation = z.infer<typeof reconcileSchema>;

/** Fields per HSCAN page: each call is bounded, however many pledges a project has. */
const SCAN_COUNT = 1_000;
/** A pledge written during a scan moves the version: the scan starts again, this many times at most. */
const ATTEMPTS = 5;

/**
 * A backer's fixed-width id in the ledger, as lib/live-events/lua/includes/ledger.lua's ledgerBackerId computes it:
 * 60 bits of the SHA-1 of `v:<visitor>` / `n:<name>` in base64url (a short id is returned as it is).
 */
export function ledgerBackerId(backer: string): string {
  if (!backer.includes(':')) return backer;
  return createHash('sha1').update(backer).digest().subarray(0, 8).toString('base64url').slice(0, 10);
}

/** The backers' index shares the ledger hash under `~` fields, a character no pledge id has. */
export const isBackerField = (field: string) => field.startsWith('~');
/** A backer from before the ledger has an opening entry `.<backer id>` (backfill-ledger.lua). */
export const isOpeningField = (field: string) => field.startsWith('.');

/** A stored pledge `amount|at|tier|cancelled|backer` (lib/live-events/lua/includes/ledger.lua). */
export function parsePledge(stored: string): {
  amount: number;
  at: number;
  tier: string;
  cancelled: boolean;
  backer: string;
} {
  const [amount, at, tier, cancelled, ...backer] = stored.split('|');
  return {
    amount: Number(amount),
    at: Number(at),
    tier: tier ?? '',
    cancelled: cancelled === '1',
    backer: backer.join('|'),
  };
}

export async function sumLedger(redis: RedisClient, slug: string) {
  const backers = new Set<string>();
  let sum = 0;
  let pledges = 0;
  let cursor = '0';
  do {
    const [next, flat] = await redis.hscan(projectKeys.ledger(slug), cursor, 'COUNT', SCAN_COUNT);
    for (let i = 1; i < flat.length; i += 2) {
      if (isBackerField(flat[i - 1]!)) continue;
      const pledge = parsePledge(flat[i]!);
      // A backer from before the ledger (backfill.ts): a backer, not a pledge.
      if (isOpeningField(flat[i - 1]!)) {
        backers.add(pledge.backer);
        continue;
      }
      if (pledge.cancelled) continue;
      sum += pledge.amount;
      pledges += 1;
      backers.add(ledgerBackerId(pledge.backer));
    }
    cursor = next;
  } while (cursor !== '0');
  return { sum, pledges, backers: backers.size };
}

/**
 * Sums the ledger (HSCAN, page by page, never one O(N) command) and compares it with the totals
 * the pledge script keeps. The totals are read before and after the scan: a pledge landing
 * meanwhile moves the project's version, and the scan starts again.
 */
export async function reconcileLedger(slug: string, redis: RedisClient): Promise<Reconciliation> {
  const info = projectKeys.info(slug);
  for (let attempt = 1; ; attempt++) {
    const [raised, backers, opening, version] = await redis.hmget(info, 'raised', 'backers', 'opening', 'version');
    if (raised === null) throw new NotFoundError('project');
    const summed = await sumLedger(redis, slug);
    const after = await redis.hget(info, 'version');
    if (after !== version && attempt < ATTEMPTS) continue;
    const ledger = { opening: Number(opening ?? 0), ...summed, sum: Number(opening ?? 0) + summed.sum };
    const totals = { raised: Number(raised), backers: Number(backers ?? 0) };
    return { ...totals, ledger, consistent: totals.raised === ledger.sum && totals.backers === ledger.backers };
  }
}
