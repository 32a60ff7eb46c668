import { archiveOf } from './campaign';

/** What an ended project's page says first: how it ended, and when (archiveOf). */
export function CampaignArchive(campaign: { raised: number; goal: number; backers: number; endsAt: number }) {
  const { outcome, summary, ended } = archiveOf(campaign);
  const tone = outcome === 'funded' ? 'text-emerald-700 dark:text-emerald-400' : 'text-slate-800 dark:text-slate-100';
  return (
    <div data-testid="campaign-archive" data-outcome={outcome} className="mb-3">
      <p className={`text-lg font-semibold ${tone}`}>{summary}</p>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        <time dateTime={new Date(campaign.endsAt).toISOString()}>{ended}</time>
      </p>
    </div>
  );
}
