import { formatTimeLeft } from '../format';

/** Where a campaign stands at `now` (the server's clock): open with its time left, or over. */
export type CampaignState = { state: 'open'; text: string } | { state: 'funded' | 'ended'; text: string } | { state: 'endless' };

/**
 * How long until the end's own timer should fire, or null for none: only in the last seconds, as
 * `now` moves every second anyway and setTimeout fires at once for a delay past 2^31 ms (24.8
 * days), which ended a 30-day campaign on the spot.
 */
export function endTimerDelay(endsAt: number | undefined, now: number | null): number | null {
  if (endsAt === undefined || now === null || now >= endsAt || endsAt - now > 2_000) return null;
  return endsAt - now;
}

export function campaignAt(project: { endsAt?: number; goal: number }, raised: number, now: number): CampaignState {
  if (project.endsAt === undefined) return { state: 'endless' };
  if (now < project.endsAt) return { state: 'open', text: formatTimeLeft(project.endsAt - now) };
  return raised >= project.goal ? { state: 'funded', text: 'Funded' } : { state: 'ended', text: 'Ended' };
}
