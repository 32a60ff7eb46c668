/**
 * A contribution the API refused, as data the form words in the page's locale: the API's message
 * is for a developer ("name: must not be empty") and English, so the form never shows it; it
 * reads the code, the field and the status, and the message only to tell a field's problems apart.
 */
export type ContributeProblem =
  | { field: 'name'; key: 'nameProblem' | 'nameCharacters' }
  | { field: 'name'; key: 'nameTooLong'; max: number }
  | { field: 'amount'; key: 'amountProblem' | 'amountTooBig' }
  | { field: null; key: 'closed' | 'tierSoldOut' | 'rateLimited' | 'busy' }
  | { field: null; key: 'failed'; status: number };

type Refusal = { error?: { code?: string; field?: string; message?: string } } | null;

export function contributeProblem(status: number, body: Refusal): ContributeProblem {
  const code = body?.error?.code;
  const message = body?.error?.message ?? '';
  const field = body?.error?.field ?? /^(\w+): /.exec(message)?.[1];
  if (status === 400 && field === 'name') {
    const most = /at most (\d+) characters/.exec(message);
    if (most) return { field, key: 'nameTooLong', max: Number(most[1]) };
    if (/control characters|invisible formatting|visible character/.test(message))
      return { field, key: 'nameCharacters' };
    return { field, key: 'nameProblem' };
  }
  if (status === 400 && field === 'amount')
    return { field, key: /too big|<=|at most/i.test(message) ? 'amountTooBig' : 'amountProblem' };
  if (code === 'campaign_ended') return { field: null, key: 'closed' };
  if (code === 'tier_sold_out') return { field: null, key: 'tierSoldOut' };
  if (status === 429) return { field: null, key: 'rateLimited' };
  if (status === 503) return { field: null, key: 'busy' };
  return { field: null, key: 'failed', status };
}
