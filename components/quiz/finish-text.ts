import { PERIOD_LABELS, PERIODS, type Period } from '@/lib/leaderboard/periods';
import type { SubmitResult } from '@/lib/quiz/types';
import { plural } from '../live/format';
import { points } from './Breakdown';

const ORDINAL_SUFFIX: Record<Intl.LDMLPluralRule, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th', zero: 'th', many: 'th' };
const ordinals = new Intl.PluralRules('en-US', { type: 'ordinal' });

/** 1st, 2nd, 3rd, 4th, 11th, 21st… */
export const ordinal = (n: number) => `${points(n)}${ORDINAL_SUFFIX[ordinals.select(n)]}`;

/** "#3 today" alone, "tied for 1st with 143 players all time" when equal scores share the rank. */
function placeText(result: SubmitResult, period: Period): string {
  const rank = result.ranks[period]!;
  const label = PERIOD_LABELS[period].toLowerCase();
  const shared = result.sharedBy[period];
  return shared > 1 ? `tied for ${ordinal(rank)} with ${points(shared)} players ${label}` : `#${rank} ${label}`;
}

/**
 * The finish screen's verdict: the ranks the score holds (shared by equal scores, docs/leaderboard.md),
 * or why it holds none. A score tying a full board's last place ranks there without a row: the
 * player is told the tie, never that they missed the board. Only a score under the threshold
 * "would have" ranked; one at or over it that ranks nowhere either did not beat the player's
 * best, or was a new best kept off by the rows its network (its address) holds already.
 */
export function rankText(result: SubmitResult): string {
  const ranked = PERIODS.filter((period) => result.ranks[period] !== null);
  if (ranked.length > 0) {
    const places = ranked.map((period) => placeText(result, period)).join(', ');
    if (PERIODS.some((period) => result.listed[period])) return `You’re on the board: ${places}!`;
    return `You’re ${places}! The board lists the players who reached this score first.`;
  }
  if (result.score < result.threshold) {
    return `Not on the board this time: ${points(result.threshold)} ${plural(result.threshold, 'point', 'points')} would have placed you on the all time board.`;
  }
  if (!result.improved.all) return 'Not on the board this time: the board keeps your best game, and this one did not beat it.';
  return 'Not on the board this time: players from your address hold as many places as one address may, with better scores.';
}
