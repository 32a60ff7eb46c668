import type { AnswerBreakdown } from '@/lib/quiz/types';
import { formatCount } from '../format';

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
export const points = formatCount;

/** One answer's points as the server counted them: "+500 right · +437 speed (1.6 s)". */
export function AnswerPoints({ breakdown, correct }: { breakdown: AnswerBreakdown; correct: boolean }) {
  return (
    <p
      data-testid="quiz-points"
      data-points={breakdown.points}
      data-speed={breakdown.speed}
      className="mt-2 text-sm font-semibold tabular-nums"
    >
      {correct ? (
        <>
          +{points(breakdown.points)} for the answer · +{points(breakdown.speed)} speed bonus{' '}
          <span className="font-normal opacity-80">(answered in {seconds(breakdown.elapsedMs)})</span>
        </>
      ) : (
        <>
          +0{' '}
          <span className="font-normal opacity-80">
            (answered in {seconds(breakdown.elapsedMs)}; speed counts only for right answers)
          </span>
        </>
      )}
    </p>
  );
}
