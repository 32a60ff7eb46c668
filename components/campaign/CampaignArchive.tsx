import { useTranslations } from 'next-intl';
import { useFormat } from '../use-format';
import { archiveSentence } from './campaign';

/**
 * What an ended project's page says first: how it ended, and when. "Not funded: reached 95 %"
 * is rounded down (archiveOf): 99.6 % of a goal is not all of it.
 */
export function CampaignArchive(campaign: {
  raised: number;
  goal: number;
  backers: number;
  endsAt: number;
  currency?: string;
}) {
  const t = useTranslations('Campaign');
  const format = useFormat();
  const sentence = archiveSentence(campaign, format.locale);
  const outcome = sentence.key === 'archiveFunded' ? 'funded' : 'not_funded';
  const summary =
    sentence.key === 'archiveFunded' ? t(sentence.key, sentence.values) : t(sentence.key, sentence.values);
  const tone = outcome === 'funded' ? 'text-emerald-700 dark:text-emerald-400' : 'text-slate-800 dark:text-slate-100';
  return (
    <div data-testid="campaign-archive" data-outcome={outcome} className="mb-3">
      <p className={`text-lg font-bold ${tone}`}>{summary}</p>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        <time dateTime={new Date(campaign.endsAt).toISOString()}>
          {t('endedOn', { date: format.utcDate(campaign.endsAt) })}
        </time>
      </p>
    </div>
  );
}
