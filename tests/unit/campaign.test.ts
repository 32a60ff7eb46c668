import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import { archiveSentence, campaignAt, campaignSentence, endTimerDelay } from '../../components/campaign/campaign';
import { formatClock } from '../../components/format';
import ar from '../../messages/ar.json';
import de from '../../messages/de.json';
import en from '../../messages/en.json';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const catalogues = { en, de, ar };
type Locale = keyof typeof catalogues;
const campaignT = (locale: Locale) => createTranslator({ locale, messages: catalogues[locale], namespace: 'Campaign' });

/** What CampaignClock shows for a campaign open `left` ms more, in `locale`. */
function timeLeft(left: number, locale: Locale = 'en'): string {
  const t = campaignT(locale);
  const sentence = campaignSentence({ state: 'open', left }, locale)!;
  return 'time' in sentence ? t(sentence.key, { time: sentence.time }) : t(sentence.key);
}

/** What CampaignArchive says first for an ended campaign, in `locale`. */
function archive(campaign: { raised: number; goal: number; backers: number }, locale: Locale = 'en'): string {
  const t = campaignT(locale);
  const sentence = archiveSentence(campaign, locale);
  const text = sentence.key === 'archiveFunded' ? t(sentence.key, sentence.values) : t(sentence.key, sentence.values);
  return text.replace(/\u00a0/g, ' ');
}

describe('a campaign’s time left', () => {
  it('reads as days, then hours and minutes, then minutes, then seconds', () => {
    expect(timeLeft(12 * DAY + 5 * HOUR)).toBe('12 days to go');
    expect(timeLeft(DAY)).toBe('1 day to go');
    expect(timeLeft(3 * HOUR + 12 * MINUTE + 30 * SECOND)).toBe('3 hr 12 min to go');
    expect(timeLeft(5 * MINUTE + 1)).toBe('5 min to go');
    expect(timeLeft(60 * SECOND)).toBe('ending in 60 sec');
    expect(timeLeft(44_001)).toBe('ending in 45 sec');
    expect(timeLeft(1)).toBe('ending in 1 sec');
  });

  it('is said in the page’s locale, its units by Intl', () => {
    expect(timeLeft(12 * DAY + 5 * HOUR, 'de')).toBe('noch 12 Tage');
    expect(timeLeft(3 * HOUR + 12 * MINUTE + 30 * SECOND, 'de')).toBe('noch 3 Std. 12 Min.');
    expect(timeLeft(44_001, 'de')).toBe('endet in 45 Sek.');
    expect(timeLeft(12 * DAY + 5 * HOUR, 'ar')).toBe('متبقٍ 12 يومًا');
    expect(campaignSentence({ state: 'ended' }, 'de')).toEqual({ key: 'ended' });
    expect(campaignSentence({ state: 'endless' }, 'de')).toBeNull();
  });

  it('is open until the end, then funded when the goal was reached, else ended; a project without an end never ends', () => {
    const project = { endsAt: 10 * DAY, goal: 100 };
    expect(campaignAt(project, 50, 10 * DAY - 1)).toEqual({ state: 'open', left: 1 });
    expect(campaignAt(project, 99, 10 * DAY)).toEqual({ state: 'ended' });
    expect(campaignAt(project, 100, 10 * DAY)).toEqual({ state: 'funded' });
    expect(campaignAt({ goal: 100 }, 0, 10 * DAY)).toEqual({ state: 'endless' });
  });
});

describe('the end’s own timer', () => {
  it('is set in the last seconds only: a 30-day delay would overflow setTimeout and fire at once', () => {
    expect(endTimerDelay(30 * DAY, 0)).toBeNull();
    expect(endTimerDelay(1_500, 0)).toBe(1_500);
    expect(endTimerDelay(1_000, 1_000)).toBeNull();
    expect(endTimerDelay(undefined, 0)).toBeNull();
    expect(endTimerDelay(1_000, null)).toBeNull();
  });
});

describe('an ended campaign as an archive', () => {
  it('says how it ended, its figures in the page’s locale', () => {
    expect(archive({ raised: 52_300, goal: 40_000, backers: 1_204 })).toBe(
      'Funded: €52,300 of €40,000 from 1,204 backers',
    );
    expect(archive({ raised: 38_000, goal: 40_000, backers: 310 })).toBe('Not funded: reached 95% of €40,000');
    expect(archive({ raised: 52_300, goal: 40_000, backers: 1_204 }, 'de')).toBe(
      'Finanziert: 52.300 € von 40.000 € durch 1.204 Unterstützer',
    );
    expect(archive({ raised: 38_000, goal: 40_000, backers: 310 }, 'de')).toBe(
      'Nicht finanziert: 95 % von 40.000 € erreicht',
    );
    const arabic = [1, 2, 3, 11, 100].map((backers) => archive({ raised: 1, goal: 1, backers }, 'ar'));
    expect(new Set(arabic.map((text) => text.split(' من ').at(-1))).size).toBe(5);
  });

  it('never rounds a goal missed up to 100 %, and funds a goal met exactly', () => {
    expect(archive({ raised: 39_999, goal: 40_000, backers: 2 })).toBe('Not funded: reached 99% of €40,000');
    expect(archive({ raised: 40_000, goal: 40_000, backers: 1 })).toBe('Funded: €40,000 of €40,000 from 1 backer');
  });
});

describe('a hold’s countdown', () => {
  it('shows minutes and two-digit seconds in the locale’s digits', () => {
    expect(formatClock(581)).toBe('9:41');
    expect(formatClock(5, 'de')).toBe('0:05');
    expect(formatClock(65, 'ar')).toBe(
      `${new Intl.NumberFormat('ar').format(1)}:${new Intl.NumberFormat('ar', { minimumIntegerDigits: 2 }).format(5)}`,
    );
  });
});
