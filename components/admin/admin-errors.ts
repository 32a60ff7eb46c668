/**
 * A refusal of the admin API as data the console words in the page's locale: the API's message is
 * a developer's, in English ("tiers.1.minimum: Too small: expected number to be >=1"), so the
 * console never shows it. It reads the status, the code and the dotted field, and the message only
 * to tell one field's problems apart.
 */
export type FieldProblem =
  | {
      key:
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
    }
  | { key: 'tooLong'; max: number }
  | { key: 'tooSmall'; min: number }
  | { key: 'tooBig'; max: number };

export type AdminProblem =
  | { field: string; problem: FieldProblem }
  | { field: null; key: 'unauthorized' | 'notFound' | 'tooLarge' | 'rateLimited' | 'unavailable' | 'unreachable' }
  | { field: null; key: 'tierInUse'; tier: string }
  | { field: null; key: 'failed'; status: number };

export type AdminRefusal = {
  error?: { code?: string; field?: string; message?: string };
  tier?: unknown;
} | null;

/** One field's problem, from the API's text for it (the field's name in front, if any, is dropped). */
export function fieldProblem(field: string, message: string): FieldProblem {
  const text = message.replace(/^[\w.]+: /, '');
  const most = /at most (\d+) characters/.exec(text);
  if (most) return { key: 'tooLong', max: Number(most[1]) };
  if (/control characters|invisible formatting|visible character/.test(text)) return { key: 'characters' };
  if (field === 'slug' || /project slug/.test(text)) return { key: 'slugRule' };
  if (/tier ids must be unique/.test(text)) return { key: 'tierIdsUnique' };
  if (/tier ids are/.test(text)) return { key: 'tierIdRule' };
  if (/A-Z a-z 0-9 _ \. -/.test(text)) return { key: 'accountRule' };
  if (/ISO 4217/.test(text)) return { key: 'currencyRule' };
  if (/colour like/.test(text)) return { key: 'colourRule' };
  if (/http\(s\) URL/.test(text)) return { key: 'url' };
  if (/in the future/.test(text)) return { key: 'future' };
  if (/whole amount|expected int/.test(text)) return { key: 'whole' };
  const small = />=\s*(\d+)/.exec(text);
  if (small) return { key: 'tooSmall', min: Number(small[1]) };
  const big = /<=\s*(\d+)/.exec(text);
  if (big) return { key: 'tooBig', max: Number(big[1]) };
  if (/must not be empty|Required|expected \w+, received (undefined|null)/i.test(text)) return { key: 'required' };
  return { key: 'invalid' };
}

/** What went wrong with an admin request, from its status and body. */
export function adminProblem(status: number, body: AdminRefusal): AdminProblem {
  const code = body?.error?.code;
  const message = body?.error?.message ?? '';
  const field = body?.error?.field ?? /^([\w.]+): /.exec(message)?.[1];
  if (status === 400 && field && code !== 'invalid_json') return { field, problem: fieldProblem(field, message) };
  if (code === 'tier_in_use' && typeof body?.tier === 'string')
    return { field: null, key: 'tierInUse', tier: body.tier };
  if (status === 401) return { field: null, key: 'unauthorized' };
  if (status === 404) return { field: null, key: 'notFound' };
  if (status === 413) return { field: null, key: 'tooLarge' };
  if (status === 429) return { field: null, key: 'rateLimited' };
  if (status === 503) return { field: null, key: 'unavailable' };
  return { field: null, key: 'failed', status };
}
