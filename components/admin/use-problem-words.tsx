'use client';

import { useTranslations } from 'next-intl';
import type { AdminProblem, FieldProblem } from './admin-errors';

/** The console's refusals in the page's words: a field's beside it, the others in the status line. */
export function useProblemWords() {
  const t = useTranslations('Admin');
  const field = (problem: FieldProblem): string => {
    switch (problem.key) {
      case 'tooLong':
        return t('tooLong', { max: problem.max });
      case 'tooSmall':
        return t('tooSmall', { min: problem.min });
      case 'tooBig':
        return t('tooBig', { max: problem.max });
      default:
        return t(problem.key);
    }
  };
  const request = (problem: AdminProblem): React.ReactNode => {
    if (problem.field !== null) return field(problem.problem);
    switch (problem.key) {
      case 'tierInUse':
        return t.rich('tierInUse', { tier: () => <bdi>{problem.tier}</bdi> });
      case 'failed':
        return t('failed', { status: problem.status });
      default:
        return t(problem.key);
    }
  };
  return { field, request };
}
