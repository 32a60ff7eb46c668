import type { Metadata } from 'next';
import { useTranslations } from 'next-intl';
import { localizedMetadata, usePageLocale, type LocaleParams } from '@/i18n/page-locale';
import { Link } from '@/i18n/navigation';
import { Quiz } from '@/components/quiz/Quiz';

export const generateMetadata = (props: LocaleParams): Promise<Metadata> => localizedMetadata(props, 'quiz', '/quiz');

export default function QuizPage({ params }: LocaleParams) {
  usePageLocale(params);
  const t = useTranslations('Pages');
  const quiz = useTranslations('Quiz');
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <section>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('quizTitle')}</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">
          {quiz.rich('pageIntro', {
            link: (chunks) => (
              <Link
                prefetch={false}
                href="/leaderboard"
                className="font-bold text-accent dark:text-indigo-300 hover:underline"
              >
                {chunks}
              </Link>
            ),
          })}
        </p>
      </section>
      <Quiz />
    </div>
  );
}
