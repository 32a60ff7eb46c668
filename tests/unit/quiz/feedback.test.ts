import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import { feedbackOf } from '../../../components/quiz/feedback';
import { BUZZWORDS } from '../../../lib/quiz/buzzwords';
import { MULTIPLE_CHOICE } from '../../../lib/quiz/multiple-choice';
import en from '../../../messages/en.json';

const t = createTranslator({ locale: 'en', messages: en, namespace: 'Quiz' });

describe('the feedback after an answer', () => {
  it('names the right answer once: the explanation does not open by repeating it', () => {
    expect(feedbackOf(false, 'Made up', 'Made up. Scrum is real and so is quantum computing.')).toEqual({
      headline: 'notQuiteAnswer',
      answer: 'Made up',
      detail: 'Scrum is real and so is quantum computing.',
    });
  });

  it('opens no explanation of the bank with the answer its headline just named', () => {
    for (const question of [...BUZZWORDS, ...MULTIPLE_CHOICE]) {
      const right = question.choices[question.answer]!;
      const feedback = feedbackOf(false, right, question.explanation);
      const { detail } = feedback;
      const headline = t(feedback.headline, { answer: feedback.answer });
      const said = `${headline} ${detail}`.toLowerCase();
      expect(said.split(right.toLowerCase()).length - 1, `${question.id}: ${said}`).toBeGreaterThanOrEqual(1);
      if (headline.includes(`“${right}”`))
        expect(detail.toLowerCase().startsWith(right.toLowerCase()), `${question.id}: ${detail}`).toBe(false);
    }
  });

  it('drops an opening “answer:” too, and starts what is left with a capital', () => {
    expect(feedbackOf(false, 'WebAssembly', 'WebAssembly: a compact binary format.').detail).toBe(
      'A compact binary format.',
    );
  });

  it('lets an explanation that opens by naming the answer in a sentence say it, once', () => {
    expect(feedbackOf(false, '429', '429 (RFC 6585), usually sent with a Retry-After header.')).toEqual({
      headline: 'notQuite',
      answer: '429',
      detail: '429 (RFC 6585), usually sent with a Retry-After header.',
    });
  });

  it('keeps an explanation that does not open with the answer, and a right answer’s as it is', () => {
    expect(feedbackOf(false, '6379', 'Redis listens there by default.').detail).toBe('Redis listens there by default.');
    expect(feedbackOf(true, 'Real', 'Real. Greek for helmsman.')).toEqual({
      headline: 'correct',
      answer: 'Real',
      detail: 'Real. Greek for helmsman.',
    });
  });
});
