import type { LiveSnapshot } from '@/lib/live-events/types';
import { useTranslations } from 'next-intl';
import { useFormat } from '../use-format';
import { Mark } from '../Mark';

export type TierPlaces = LiveSnapshot['tiers'][number];

/** "7 left · 2 being claimed", "Sold out", or nothing for an unlimited tier: live, from the page's model (holds lapse on its clock). */
function usePlacesText(): (tier: TierPlaces) => string {
  const t = useTranslations('Contribute');
  const format = useFormat();
  return (tier) => {
    if (tier.left === null) return '';
    if (tier.left === 0 && tier.held === 0) return t('soldOut');
    return tier.held > 0
      ? t('leftClaimed', { left: format.count(tier.left), held: format.count(tier.held) })
      : t('left', { count: format.count(tier.left) });
  };
}

/**
 * On a phone the rewards fold behind this button, beside the form's heading: the list of tiers
 * would push the amounts and the Contribute button below the first screen. It names the reward
 * chosen, and its places, so the folded list hides nothing a backer has decided. From `lg` up
 * the list sits in its own column, always open, and the button is not shown.
 */
export function RewardsToggle({
  tiers,
  chosen,
  open,
  onToggle,
  controls,
}: {
  tiers: readonly TierPlaces[];
  chosen: string;
  open: boolean;
  onToggle: () => void;
  controls: string;
}) {
  const t = useTranslations('Contribute');
  const placesText = usePlacesText();
  if (tiers.length === 0) return null;
  const tier = tiers.find((each) => each.id === chosen);
  const places = tier ? placesText(tier) : '';
  return (
    <button
      type="button"
      data-testid="rewards-toggle"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
      className="flex min-w-0 max-w-full items-center gap-1 rounded-lg border border-slate-300 px-2.5 py-1 text-sm text-accent lg:hidden dark:border-slate-600 dark:text-indigo-300"
    >
      <span className="truncate">
        {tier ? <bdi>{tier.title}</bdi> : t('rewardsCount', { count: tiers.length })}
        {places && <span className="sr-only"> · {places}</span>}
      </span>
      <Mark name="chevron" className={`h-4 w-4 shrink-0 transition-transform ${open ? 'rotate-180' : ''}`} />
    </button>
  );
}

/**
 * The reward a backer picks: "Pledge without a reward" first and by default, then each tier with
 * its minimum and its places left. A sold-out tier cannot be picked. `open`: shown below `lg`
 * too (RewardsToggle).
 */
export function TierChoice({
  tiers,
  chosen,
  onChoose,
  currency,
  id,
  open,
}: {
  tiers: readonly TierPlaces[];
  chosen: string;
  onChoose: (tier: TierPlaces | null) => void;
  currency?: string;
  id: string;
  open: boolean;
}) {
  const t = useTranslations('Contribute');
  const format = useFormat();
  const placesText = usePlacesText();
  if (tiers.length === 0) return null;
  const option =
    'flex cursor-pointer items-start gap-2 rounded-lg border border-slate-200 dark:border-slate-700 p-2 text-sm has-[:checked]:border-accent dark:has-[:checked]:border-indigo-400 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60';
  return (
    <fieldset id={id} data-testid="tier-choice" className={`space-y-2 ${open ? '' : 'hidden lg:block'}`}>
      <legend className="text-sm text-slate-700 dark:text-slate-300">{t('reward')}</legend>
      <label className={option}>
        <input
          type="radio"
          name="tier"
          value=""
          checked={chosen === ''}
          onChange={() => onChoose(null)}
          className="mt-1"
        />
        <span className="font-bold">{t('noReward')}</span>
      </label>
      {tiers.map((tier) => (
        <label
          key={tier.id}
          data-testid="tier-option"
          data-tier={tier.id}
          data-left={tier.left ?? ''}
          data-held={tier.held}
          className={option}
        >
          <input
            type="radio"
            name="tier"
            value={tier.id}
            checked={chosen === tier.id}
            disabled={tier.left === 0 && chosen !== tier.id}
            onChange={() => onChoose(tier)}
            className="mt-1"
          />
          <span className="min-w-0 flex-1">
            <span className="flex flex-wrap items-baseline justify-between gap-x-2">
              <bdi className="font-bold">{tier.title}</bdi>
              <span className="tabular-nums text-slate-600 dark:text-slate-300">
                {format.money(tier.minimum, currency)}+
              </span>
            </span>
            {tier.description && (
              <span className="block text-xs text-slate-600 dark:text-slate-300">{tier.description}</span>
            )}
            <span
              data-testid="tier-places"
              className={`block text-xs font-bold ${tier.left === 0 && chosen !== tier.id ? 'text-red-700 dark:text-red-300' : 'text-emerald-700 dark:text-emerald-300'}`}
            >
              {placesText(tier)}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
