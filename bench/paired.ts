/** Student's t at 97.5 % by degrees of freedom (1–10); beyond, the normal's 1.96 is within 12 %. */
const T_975 = [12.71, 4.3, 3.18, 2.78, 2.57, 2.45, 2.36, 2.31, 2.26, 2.23];

export const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** A mean with its 95 % interval. */
export type Interval = { mean: number; low: number; high: number };

/**
 * The mean of a target's per-round ratios to its baseline, each round's two runs measured back to
 * back, with the 95 % interval of that mean: what one run of the bench can say, and how sure.
 */
export function meanRatio(measured: readonly number[], baseline: readonly number[]): Interval {
  const ratios = measured.map((value, index) => value / baseline[index]!);
  const n = ratios.length;
  const middle = mean(ratios);
  if (n < 2) return { mean: middle, low: middle, high: middle };
  const variance = ratios.reduce((sum, ratio) => sum + (ratio - middle) ** 2, 0) / (n - 1);
  const half = (T_975[n - 2] ?? 1.96) * Math.sqrt(variance / n);
  return { mean: middle, low: middle - half, high: middle + half };
}

/** Which of a pair goes first in a round: alternating, so whatever favours the first (or the second) falls on both. */
export function inRoundOrder<T>(round: number, pair: readonly [T, T]): [T, T] {
  return round % 2 === 0 ? [pair[0], pair[1]] : [pair[1], pair[0]];
}
