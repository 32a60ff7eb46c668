import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import { contributeProblem } from '../../components/live/contribute-errors';
import { parseInput } from '../../lib/http/body';
import { errorBody, type HttpError } from '../../lib/http/errors';
import { contributionInputSchema } from '../../lib/live-events/schemas';
import ar from '../../messages/ar.json';
import de from '../../messages/de.json';
import en from '../../messages/en.json';

const refusal = (code: string, message: string, field?: string) => ({
  error: { code, message, ...(field && { field }) },
});

/** What the route answers for `input`: its own parse, its error body. */
function refusalOf(input: unknown) {
  try {
    parseInput(contributionInputSchema, input);
  } catch (error) {
    return contributeProblem((error as HttpError).status, errorBody(error as HttpError));
  }
  throw new Error('accepted');
}

describe('a refused contribution, as the form says it', () => {
  it('maps the API’s code, field and status to a message key, never its developer words', () => {
    expect(refusalOf({ name: '  ', amount: 5 })).toEqual({ field: 'name', key: 'nameProblem' });
    expect(refusalOf({ amount: 5 })).toEqual({ field: 'name', key: 'nameProblem' });
    expect(refusalOf({ name: 'x'.repeat(41), amount: 5 })).toEqual({ field: 'name', key: 'nameTooLong', max: 40 });
    expect(refusalOf({ name: 'a\u200bb', amount: 5 })).toEqual({ field: 'name', key: 'nameCharacters' });
    expect(refusalOf({ name: 'Ada', amount: 2_000_000 })).toEqual({ field: 'amount', key: 'amountTooBig' });
    expect(refusalOf({ name: 'Ada', amount: 0 })).toEqual({ field: 'amount', key: 'amountProblem' });
    expect(contributeProblem(409, refusal('campaign_ended', 'the campaign has ended'))).toEqual({
      field: null,
      key: 'closed',
    });
    expect(contributeProblem(409, refusal('tier_sold_out', 'tier vinyl is sold out'))).toEqual({
      field: null,
      key: 'tierSoldOut',
    });
    expect(contributeProblem(429, refusal('rate_limited', 'slow down'))).toEqual({ field: null, key: 'rateLimited' });
    expect(contributeProblem(503, refusal('unavailable', 'retry shortly'))).toEqual({ field: null, key: 'busy' });
    expect(contributeProblem(500, null)).toEqual({ field: null, key: 'failed', status: 500 });
  });

  it('has each of those messages in every locale, the length limit in the locale’s plural', () => {
    for (const [locale, messages] of [
      ['en', en],
      ['de', de],
      ['ar', ar],
    ] as const) {
      const t = createTranslator({ locale, messages, namespace: 'Contribute' });
      for (const key of [
        'nameProblem',
        'nameCharacters',
        'amountTooBig',
        'closed',
        'tierSoldOut',
        'rateLimited',
        'busy',
      ] as const)
        expect(t(key), `${locale} ${key}`).not.toMatch(/^Contribute\./);
      expect(t('nameTooLong', { max: 40 })).toContain(locale === 'ar' ? 'حرفًا' : '40');
    }
  });
});
