import { formatTimeLeft } from '../format';

/** Where a campaign stands at `now` (the server's clock): open with its time left, or over. */
export type CampaignState = { state: 'open'; text: string } | { state: 'funded' | 'ended'; text: string } | { state: 'endless' };

export function campaignAt(project: { endsAt?: number; goal: number }, raised: number, now: number): CampaignState {
  if (project.endsAt === undefined) return { state: 'endless' };
  if (now < project.endsAt) return { state: 'open', text: formatTimeLeft(project.endsAt - now) };
  return raised >= project.goal ? { state: 'funded', text: 'Funded' } : { state: 'ended', text: 'Ended' };
}
