import { formatCount, formatMoney, formatTimeLeftSpan, formatWholePercent, timeLeftParts } from '../format';

/**
 * Where a campaign stands at `now` (the server's clock): open with its time left, or over, as
 * data; pages say it in their locale (CampaignClock, CampaignArchive).
 */
export type CampaignState = { state: 'open'; left: number } | { state: 'funded' | 'ended' } | { state: 'endless' };

/**
 * How long until the end's own timer should fire, or null for none: only in the last seconds, as
 * `now` moves every second anyway and setTimeout fires at once for a delay past 2^31 ms (24.8
 * days), which ended a 30-day campaign on the spot.
 */
export function endTimerDelay(endsAt: number | undefined, now: number | null): number | null {
  if (endsAt === undefined || now === null || now >= endsAt || endsAt - now > 2_000) return null;
  return endsAt - now;
}

/**
 * How an ended campaign came out, and the whole percentage of its goal it reached, rounded down:
 * 99.6 % of a goal is not all of it. CampaignArchive words it in the page's locale.
 */
export function archiveOf({ raised, goal }: { raised: number; goal: number }) {
  const funded = raised >= goal;
  const reached = goal > 0 ? Math.floor((raised / goal) * 100) : 0;
  return {
    outcome: funded ? ('funded' as const) : ('not_funded' as const),
    reached,
  };
}

export function campaignAt(project: { endsAt?: number; goal: number }, raised: number, now: number): CampaignState {
  if (project.endsAt === undefined) return { state: 'endless' };
  if (now < project.endsAt) return { state: 'open', left: project.endsAt - now };
  return { state: raised >= project.goal ? 'funded' : 'ended' };
}

/**
 * Which Campaign sentence the page shows for `campaign`, and its time left in the locale's words:
 * "12 days to go", "noch 12 Tage", then "ending in 45 sec" in the last minute; null for none.
 */
export function campaignSentence(
  campaign: CampaignState | null,
  locale: string,
): { key: 'toGo' | 'endingIn'; time: string } | { key: 'funded' | 'ended' } | null {
  if (!campaign || campaign.state === 'endless') return null;
  if (campaign.state !== 'open') return { key: campaign.state };
  const time = formatTimeLeftSpan(campaign.left, locale);
  return { key: timeLeftParts(campaign.left).unit === 'seconds' ? 'endingIn' : 'toGo', time };
}

/** The archive's sentence for an ended campaign, its figures in the locale's words. */
export function archiveSentence(
  campaign: { raised: number; goal: number; backers: number; currency?: string },
  locale: string,
):
  | { key: 'archiveFunded'; values: { raised: string; goal: string; backers: string; count: number } }
  | { key: 'archiveNotFunded'; values: { percent: string; goal: string } } {
  const { raised, goal, backers, currency } = campaign;
  const { outcome, reached } = archiveOf(campaign);
  const money = (amount: number) => formatMoney(amount, locale, currency);
  return outcome === 'funded'
    ? {
        key: 'archiveFunded',
        values: { raised: money(raised), goal: money(goal), backers: formatCount(backers, locale), count: backers },
      }
    : { key: 'archiveNotFunded', values: { percent: formatWholePercent(reached, locale), goal: money(goal) } };
}
