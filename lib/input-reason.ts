import type { z } from 'zod';

/**
 * Why a field was refused, for a client to word in its own language: the message beside it is a
 * developer's, in English, and may change. `limit` is the bound a `too_*` reason broke.
 */
export const INPUT_REASONS = [
  'required',
  'too_long',
  'too_short',
  'too_big',
  'too_small',
  'whole',
  'characters',
  'format',
  'unique',
  'future',
  'invalid',
] as const;
export type InputReason = { reason: (typeof INPUT_REASONS)[number]; limit?: number };

/** A refinement's own reason, given as its `params` (see displayText in lib/projects/schemas.ts). */
export const because = (reason: InputReason['reason'], limit?: number) => ({
  params: limit === undefined ? { reason } : { reason, limit },
});

const isReason = (value: unknown): value is InputReason['reason'] =>
  (INPUT_REASONS as readonly unknown[]).includes(value);

/** The reason of zod's first issue (parsed with `reportInput`, so a missing field reads as required). */
export function reasonOf(issue: z.core.$ZodIssue): InputReason {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return { reason: 'required' };
      return { reason: issue.expected === 'int' ? 'whole' : 'invalid' };
    case 'too_big':
      return { reason: issue.origin === 'string' ? 'too_long' : 'too_big', limit: Number(issue.maximum) };
    case 'too_small':
      return { reason: issue.origin === 'string' ? 'too_short' : 'too_small', limit: Number(issue.minimum) };
    case 'invalid_format':
      return { reason: 'format' };
    case 'custom': {
      const { reason, limit } = (issue.params ?? {}) as { reason?: unknown; limit?: unknown };
      if (!isReason(reason)) return { reason: 'invalid' };
      return typeof limit === 'number' ? { reason, limit } : { reason };
    }
    default:
      return { reason: 'invalid' };
  }
}
