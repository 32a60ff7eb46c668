import { useTranslations } from 'next-intl';
import type { AnswerBreakdown } from '@/lib/quiz/types';
import { formatCount } from '../format';
import { useFormat } from '../use-format';

export const points = formatCount;

/** One answer's points as the server counted them: "+500 right · +437 speed (1.6 s)". */
export function AnswerPoints({ breakdown, correct }: { breakdown: AnswerBreakdown; correct: boolean }) {
  const t = useTranslations('Quiz');
  const format = useFormat();
  const secs = format.decimal(breakdown.elapsedMs / 1000);
  return (
    <p
      data-testid="quiz-points"
      data-points={breakdown.points}
      data-speed={breakdown.speed}
      className="mt-2 text-sm font-bold tabular-nums"
    >
      {correct ? (
        <>
          {t('pointsRight', { points: format.count(breakdown.points), speed: format.count(breakdown.speed) })}{' '}
          <span className="font-normal opacity-80">{t('answeredIn', { seconds: secs })}</span>
        </>
      ) : (
        <>
          +0 <span className="font-normal opacity-80">{t('answeredInWrong', { seconds: secs })}</span>
        </>
      )}
    </p>
  );
}
