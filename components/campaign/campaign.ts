import { formatCount, formatMoney, formatTimeLeft, formatUtcDate, plural } from '../format';

/**
 * Where a campaign stands at `now` (the server's clock): open with its time left, or over. `text`
 * is English (the preview's facts); pages say it in their locale (CampaignClock).
 */
export type CampaignState =
  { state: 'open'; text: string; left: number } | { state: 'funded' | 'ended'; text: string } | { state: 'endless' };

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
 * An ended campaign as an archive reads it: "Funded: €X of €Y from N backers", or "Not funded:
 * reached 95 % of €40,000" (rounded down: 99.6 % of a goal is not all of it), and its end date.
 */
export function archiveOf({
  raised,
  goal,
  backers,
  endsAt,
}: {
  raised: number;
  goal: number;
  backers: number;
  endsAt: number;
}) {
  const funded = raised >= goal;
  const reached = goal > 0 ? Math.floor((raised / goal) * 100) : 0;
  return {
    outcome: funded ? ('funded' as const) : ('not_funded' as const),
    reached,
    summary: funded
      ? `Funded: ${formatMoney(raised)} of ${formatMoney(goal)} from ${formatCount(backers)} ${plural(backers, 'backer', 'backers')}`
      : `Not funded: reached ${reached} % of ${formatMoney(goal)}`,
    ended: `Ended ${formatUtcDate(endsAt)}`,
  };
}

export function campaignAt(project: { endsAt?: number; goal: number }, raised: number, now: number): CampaignState {
  if (project.endsAt === undefined) return { state: 'endless' };
  if (now < project.endsAt)
    return { state: 'open', text: formatTimeLeft(project.endsAt - now), left: project.endsAt - now };
  return raised >= project.goal ? { state: 'funded', text: 'Funded' } : { state: 'ended', text: 'Ended' };
}
