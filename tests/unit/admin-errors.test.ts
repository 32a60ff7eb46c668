import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import { adminProblem } from '../../components/admin/admin-errors';
import { durationParts } from '../../components/ops/use-ops-words';
import { parseInput } from '../../lib/http/body';
import { errorBody, HttpError } from '../../lib/http/errors';
import { importInputSchema } from '../../lib/live-events/schemas';
import { projectInputSchema } from '../../lib/projects/schemas';
import { sampleProjectInput } from '../sample-project';
import ar from '../../messages/ar.json';
import de from '../../messages/de.json';
import en from '../../messages/en.json';

/** What the API answers for `input`: the route's own parse, its error body. */
function refusalOf(schema: Parameters<typeof parseInput>[0], input: unknown) {
  try {
    parseInput(schema, input);
  } catch (error) {
    return adminProblem((error as HttpError).status, errorBody(error as HttpError));
  }
  throw new Error('accepted');
}

const project = (patch: Record<string, unknown>) => ({ ...sampleProjectInput('admin-errors'), ...patch });

describe('a refusal of the admin API, as the console says it', () => {
  it('names the field and its problem from the API’s own answers, never its developer words', () => {
    expect(refusalOf(projectInputSchema, project({ title: '  ' }))).toEqual({
      field: 'title',
      problem: { key: 'required' },
    });
    expect(refusalOf(projectInputSchema, project({ title: 'x'.repeat(81) }))).toEqual({
      field: 'title',
      problem: { key: 'tooLong', max: 80 },
    });
    expect(refusalOf(projectInputSchema, project({ creator: 'a\u202eb' }))).toEqual({
      field: 'creator',
      problem: { key: 'characters' },
    });
    expect(refusalOf(projectInputSchema, project({ creatorAccount: 'a{b}' }))).toEqual({
      field: 'creatorAccount',
      problem: { key: 'accountRule' },
    });
    expect(refusalOf(projectInputSchema, project({ goal: 2.5 }))).toEqual({
      field: 'goal',
      problem: { key: 'whole' },
    });
    expect(refusalOf(projectInputSchema, project({ goal: 0 }))).toEqual({
      field: 'goal',
      problem: { key: 'tooSmall', min: 1 },
    });
    expect(refusalOf(projectInputSchema, project({ currency: 'EURO' }))).toEqual({
      field: 'currency',
      problem: { key: 'currencyRule' },
    });
    const tier = { id: 'vinyl', title: 'The vinyl', description: '', minimum: 40 };
    expect(refusalOf(projectInputSchema, project({ tiers: [tier, { ...tier, id: 'Poster' }] }))).toEqual({
      field: 'tiers.1.id',
      problem: { key: 'tierIdRule' },
    });
    expect(refusalOf(projectInputSchema, project({ tiers: [tier, { ...tier, minimum: 0 }] }))).toEqual({
      field: 'tiers.1.minimum',
      problem: { key: 'tooSmall', min: 1 },
    });
    expect(refusalOf(projectInputSchema, project({ tiers: [tier, tier] }))).toEqual({
      field: 'tiers',
      problem: { key: 'tierIdsUnique' },
    });
    const at = Date.now() + 3_600_000;
    expect(
      refusalOf(importInputSchema, { events: [{ kind: 'news', id: 'n1', title: 'Hi', url: 'ftp://x', at }] }),
    ).toEqual({ field: 'events.0.url', problem: { key: 'url' } });
  });

  it('says the request’s own problems by status and code', () => {
    const body = (code: string, extra = {}) => ({ error: { code, message: 'for a developer' }, ...extra });
    expect(adminProblem(401, body('unauthorized'))).toEqual({ field: null, key: 'unauthorized' });
    expect(adminProblem(409, body('tier_in_use', { tier: 'vinyl' }))).toEqual({
      field: null,
      key: 'tierInUse',
      tier: 'vinyl',
    });
    expect(adminProblem(503, body('unavailable'))).toEqual({ field: null, key: 'unavailable' });
    expect(adminProblem(500, null)).toEqual({ field: null, key: 'failed', status: 500 });
    const slug = new HttpError(400, 'invalid_input', 'slug: 1 to 64 of a-z 0-9 -', 'slug');
    expect(adminProblem(400, errorBody(slug))).toEqual({ field: 'slug', problem: { key: 'slugRule' } });
  });

  it('words a limit with the locale’s digit groups, a tier’s id apart from the sentence', () => {
    for (const [locale, messages] of [
      ['en', en],
      ['de', de],
      ['ar', ar],
    ] as const) {
      const t = createTranslator({ locale, messages, namespace: 'Admin' });
      expect(t('tooLong', { max: 1000 })).toContain(new Intl.NumberFormat(locale).format(1000));
      expect(t.markup('tierInUse', { tier: () => '<bdi>vinyl</bdi>' })).toContain('<bdi>vinyl</bdi>');
    }
  });
});

describe('the ops dashboard’s durations and counts', () => {
  it('are said in the page’s locale: tenths, then seconds, then minutes', () => {
    const say = (locale: 'en' | 'de' | 'ar', messages: typeof en, ms: number) =>
      createTranslator({ locale, messages, namespace: 'Ops' })('duration', durationParts(ms));
    expect(say('en', en, 1_000)).toBe('1.0 s');
    expect(say('en', en, 45_000)).toBe('45 s');
    expect(say('en', en, 180_000)).toBe('3 min');
    expect(say('de', de, 1_500)).toBe('1,5 s');
    expect(say('de', de, 180_000)).toBe('3 Min.');
    // Arabic's digits are the runtime's CLDR choice (Latin in recent ones): as Intl writes them.
    expect(say('ar', ar, 1_500)).toBe(`${new Intl.NumberFormat('ar', { minimumFractionDigits: 1 }).format(1.5)} ث`);
  });

  it('say a count with each locale’s plural forms', () => {
    const en_ = createTranslator({ locale: 'en', messages: en, namespace: 'Ops' });
    expect(en_('eventCount', { count: 1 })).toBe('1 event');
    expect(en_('foldedInto', { count: 50 })).toBe('50 events → 1');
    expect(en_('afterFlush', { count: 0 })).toBe('none right after a flush');
    const ar_ = createTranslator({ locale: 'ar', messages: ar, namespace: 'Ops' });
    expect(new Set([1, 2, 3, 11, 100].map((count) => ar_('eventCount', { count }))).size).toBe(5);
  });
});
