import { describe, expect, it } from 'vitest';
import { archiveOf, campaignAt, endTimerDelay } from '../../components/campaign/campaign';
import { formatTimeLeft } from '../../components/format';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('a campaign’s time left', () => {
  it('reads as days, then hours and minutes, then minutes, then seconds', () => {
    expect(formatTimeLeft(12 * DAY + 5 * HOUR)).toBe('12 days to go');
    expect(formatTimeLeft(DAY)).toBe('1 day to go');
    expect(formatTimeLeft(3 * HOUR + 12 * MINUTE + 30 * SECOND)).toBe('3 hr 12 min to go');
    expect(formatTimeLeft(5 * MINUTE + 1)).toBe('5 min to go');
    expect(formatTimeLeft(60 * SECOND)).toBe('ending in 60 sec');
    expect(formatTimeLeft(44_001)).toBe('ending in 45 sec');
    expect(formatTimeLeft(1)).toBe('ending in 1 sec');
  });

  it('is open until the end, then funded when the goal was reached, else ended; a project without an end never ends', () => {
    const project = { endsAt: 10 * DAY, goal: 100 };
    expect(campaignAt(project, 50, 10 * DAY - 1)).toEqual({ state: 'open', text: 'ending in 1 sec', left: 1 });
    expect(campaignAt(project, 99, 10 * DAY)).toEqual({ state: 'ended', text: 'Ended' });
    expect(campaignAt(project, 100, 10 * DAY)).toEqual({ state: 'funded', text: 'Funded' });
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
  const endsAt = Date.UTC(2026, 10, 28, 23, 30);
  it('says how it ended and when, the same in every time zone', () => {
    expect(archiveOf({ raised: 52_300, goal: 40_000, backers: 1_204, endsAt })).toEqual({
      outcome: 'funded',
      reached: 130,
      summary: 'Funded: €52,300 of €40,000 from 1,204 backers',
      ended: 'Ended Nov 28, 2026',
    });
    expect(archiveOf({ raised: 38_000, goal: 40_000, backers: 310, endsAt })).toMatchObject({
      outcome: 'not_funded',
      summary: 'Not funded: reached 95 % of €40,000',
    });
  });

  it('never rounds a goal missed up to 100 %, and funds a goal met exactly', () => {
    expect(archiveOf({ raised: 39_999, goal: 40_000, backers: 2, endsAt }).summary).toBe(
      'Not funded: reached 99 % of €40,000',
    );
    expect(archiveOf({ raised: 40_000, goal: 40_000, backers: 1, endsAt }).summary).toBe(
      'Funded: €40,000 of €40,000 from 1 backer',
    );
  });
});
