import { useTranslations } from 'next-intl';
import { useFormat } from '../use-format';
import { campaignSentence, type CampaignState } from './campaign';

/** "12 days to go", "noch 12 Tage", then "Funded" or "Ended", in the page's locale. */
export function useCampaignText(): (campaign: CampaignState | null) => string {
  const t = useTranslations('Campaign');
  const { locale } = useFormat();
  return (campaign) => {
    const sentence = campaignSentence(campaign, locale);
    if (!sentence) return '';
    return 'time' in sentence ? t(sentence.key, { time: sentence.time }) : t(sentence.key);
  };
}

/**
 * The countdown until the end, then "Funded" or "Ended" (useCampaign): empty in the shared
 * HTML, written in the browser, so it never goes stale.
 */
export function CampaignClock({
  endsAt,
  campaign,
  className = '',
}: {
  endsAt: number | undefined;
  campaign: CampaignState | null;
  className?: string;
}) {
  const say = useCampaignText();
  if (endsAt === undefined) return null;
  const state = campaign?.state ?? 'pending';
  const tone =
    state === 'funded'
      ? 'text-emerald-700 dark:text-emerald-400'
      : state === 'ended'
        ? 'text-slate-700 dark:text-slate-200'
        : 'text-slate-600 dark:text-slate-300';
  return (
    <p
      data-testid="campaign-clock"
      data-state={state}
      data-ends-at={endsAt}
      className={`min-h-5 text-sm font-bold ${tone} ${className}`}
    >
      {say(campaign)}
    </p>
  );
}
