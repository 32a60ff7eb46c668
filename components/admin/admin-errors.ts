import type { InputReason } from '@/lib/input-reason';

/**
 * A refusal of the admin API as data the console words in the page's locale: the API's message is
 * a developer's, in English ("tiers.1.minimum: Too small: expected number to be >=1"), so the
 * console never shows it. It reads the status, the code, the dotted field and its reason.
 */
type PlainKey =
  | 'required'
  | 'characters'
  | 'slugRule'
  | 'accountRule'
  | 'tierIdRule'
  | 'tierIdsUnique'
  | 'currencyRule'
  | 'colourRule'
  | 'whole'
  | 'url'
  | 'future'
  | 'invalid';

export type FieldProblem =
  | { key: PlainKey }
  | { key: 'tooLong'; max: number }
  | { key: 'tooSmall'; min: number }
  | { key: 'tooBig'; max: number };

export type AdminProblem =
  | { field: string; problem: FieldProblem }
  | { field: null; key: 'unauthorized' | 'notFound' | 'tooLarge' | 'rateLimited' | 'unavailable' | 'unreachable' }
  | { field: null; key: 'tierInUse'; tier: string }
  | { field: null; key: 'failed'; status: number };

export type AdminRefusal = {
  error?: { code?: string; field?: string; message?: string } & Partial<InputReason>;
  tier?: unknown;
} | null;

/** Fields whose one rule is a format: a refusal of the format says the rule. */
const FORMAT_RULES: [RegExp, PlainKey][] = [
  [/^slug$/, 'slugRule'],
  [/^creatorAccount$/, 'accountRule'],
  [/^tiers\.\d+\.id$/, 'tierIdRule'],
  [/^currency$/, 'currencyRule'],
  [/^art\.colors\.\d+$/, 'colourRule'],
  [/(?:^|\.)url$/, 'url'],
];

/** One field's problem, from the reason and limit the API gives beside its message. */
export function fieldProblem(field: string, { reason, limit }: Partial<InputReason>): FieldProblem {
  switch (reason) {
    case 'required':
    case 'characters':
    case 'future':
    case 'whole':
      return { key: reason };
    case 'unique':
      return { key: 'tierIdsUnique' };
    case 'too_long':
      if (limit !== undefined) return { key: 'tooLong', max: limit };
      break;
    case 'too_small':
    case 'too_short':
      if (limit !== undefined) return { key: 'tooSmall', min: limit };
      break;
    case 'too_big':
      if (limit !== undefined) return { key: 'tooBig', max: limit };
      break;
  }
  const rule = FORMAT_RULES.find(([path]) => path.test(field));
  return { key: rule ? rule[1] : 'invalid' };
}

/** What went wrong with an admin request, from its status and body. */
export function adminProblem(status: number, body: AdminRefusal): AdminProblem {
  const code = body?.error?.code;
  const field = body?.error?.field;
  if (status === 400 && field && code !== 'invalid_json') return { field, problem: fieldProblem(field, body.error!) };
  if (code === 'tier_in_use' && typeof body?.tier === 'string')
    return { field: null, key: 'tierInUse', tier: body.tier };
  if (status === 401) return { field: null, key: 'unauthorized' };
  if (status === 404) return { field: null, key: 'notFound' };
  if (status === 413) return { field: null, key: 'tooLarge' };
  if (status === 429) return { field: null, key: 'rateLimited' };
  if (status === 503) return { field: null, key: 'unavailable' };
  return { field: null, key: 'failed', status };
}
