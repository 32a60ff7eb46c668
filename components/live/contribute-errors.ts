import type { InputReason } from '@/lib/input-reason';

/**
 * A contribution the API refused, as data the form words in the page's locale: the API's message
 * is for a developer ("name: must not be empty") and English, so the form never shows it; it
 * reads the code, the field, the reason and the status.
 */
export type ContributeProblem =
  | { field: 'name'; key: 'nameProblem' | 'nameCharacters' }
  | { field: 'name'; key: 'nameTooLong'; max: number }
  | { field: 'amount'; key: 'amountProblem' | 'amountTooBig' }
  | { field: null; key: 'closed' | 'tierSoldOut' | 'rateLimited' | 'busy' }
  | { field: null; key: 'failed'; status: number };

type Refusal = { error?: { code?: string; field?: string } & Partial<InputReason> } | null;

export function contributeProblem(status: number, body: Refusal): ContributeProblem {
  const code = body?.error?.code;
  const field = body?.error?.field;
  const reason = body?.error?.reason;
  if (status === 400 && field === 'name') {
    if (reason === 'too_long') return { field, key: 'nameTooLong', max: body?.error?.limit ?? 40 };
    if (reason === 'characters') return { field, key: 'nameCharacters' };
    return { field, key: 'nameProblem' };
  }
  if (status === 400 && field === 'amount')
    return { field, key: reason === 'too_big' ? 'amountTooBig' : 'amountProblem' };
  if (code === 'campaign_ended') return { field: null, key: 'closed' };
  if (code === 'tier_sold_out') return { field: null, key: 'tierSoldOut' };
  if (status === 429) return { field: null, key: 'rateLimited' };
  if (status === 503) return { field: null, key: 'busy' };
  return { field: null, key: 'failed', status };
}
