import { z } from 'zod';

const DEFAULT_WRITES_PER_MINUTE = 120;

const writesPerMinuteSchema = z.coerce.number().int().min(0).default(DEFAULT_WRITES_PER_MINUTE);

/**
 * Writes per client per minute, shared by every app instance through Redis; 0 turns every
 * per-address limit off (QA and the bench). Read here, below lib/http and lib/visitors, which
 * both need it.
 */
export function writesPerMinute(): number {
  return writesPerMinuteSchema.parse(process.env.RATE_LIMIT_PER_MIN || undefined);
}
