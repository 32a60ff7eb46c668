import type { createTranslator } from 'next-intl';
import { PERIODS, type Period } from '@/lib/leaderboard/periods';
import type { SubmitResult } from '@/lib/quiz/types';
import type en from '../../messages/en.json';

/** The finish screen's messages (the QuizFinish namespace), from useTranslations or createTranslator. */
export type FinishT = ReturnType<typeof createTranslator<typeof en, 'QuizFinish'>>;

/** Up to three parts (one per board) as one phrase: "today, this week and all time", in the locale's words. */
function joined(t: FinishT, key: 'periods' | 'places', parts: string[]): string {
  const [a = '', b = '', c = ''] = parts;
  if (parts.length < 2) return a;
  return parts.length === 2 ? t(`${key}2`, { a, b }) : t(`${key}3`, { a, b, c });
}

/**
 * "#3 today" alone, "tied for 1st with 143 players all time" when equal scores share the rank;
 * boards where the score ties alike are named together ("… today, this week and all time").
 */
function placesText(t: FinishT, result: SubmitResult, ranked: Period[]): string {
  const groups = new Map<string, Period[]>();
  for (const period of ranked) {
    // Ties alike are told once; a rank of its own is told per board ("#3 today, #3 all time").
    const key = result.sharedBy[period] > 1 ? `${result.ranks[period]}:${result.sharedBy[period]}` : period;
    groups.set(key, [...(groups.get(key) ?? []), period]);
  }
  const places = [...groups.values()].map((periods) => {
    const period = periods[0]!;
    const rank = result.ranks[period]!;
    const players = result.sharedBy[period];
    const boards = joined(
      t,
      'periods',
      periods.map((each) => t(`on_${each}`)),
    );
    return players > 1 ? t('placeTied', { rank, players, boards }) : t('place', { rank, boards });
  });
  return joined(t, 'places', places);
}

/**
 * The finish screen's verdict: the ranks the score holds (shared by equal scores, docs/leaderboard.md),
 * or why it holds none. A score tying a full board's last place ranks there without a row: the
 * player is told the tie, never that they missed the board. Only a score under the threshold
 * "would have" ranked; one at or over it that ranks nowhere either did not beat the player's
 * best, or was a new best kept off by the rows its network (its address) holds already.
 */
export function rankText(t: FinishT, result: SubmitResult): string {
  const ranked = PERIODS.filter((period) => result.ranks[period] !== null);
  if (ranked.length > 0) {
    const places = placesText(t, result, ranked);
    return PERIODS.some((period) => result.listed[period]) ? t('onBoard', { places }) : t('tiedUnlisted', { places });
  }
  if (result.score < result.threshold) return t('wouldHave', { threshold: result.threshold });
  if (!result.improved.all) return t('notBest');
  return t('addressFull');
}
