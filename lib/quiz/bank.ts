import { randomInt } from 'node:crypto';
import { BUZZWORDS } from './buzzwords';
import { MULTIPLE_CHOICE } from './multiple-choice';
import type { PublicQuestion, Question } from './types';

export const QUESTIONS_PER_SESSION = 10;

export const QUESTION_BANK: readonly Question[] = [...BUZZWORDS, ...MULTIPLE_CHOICE];

const byId = new Map(QUESTION_BANK.map((question) => [question.id, question]));

export function questionById(id: string): Question | undefined {
  return byId.get(id);
}

/** The first `count` of `items` shuffled uniformly at random (a partial Fisher–Yates shuffle). */
function shuffled<T>(items: readonly T[], count = items.length): T[] {
  const pool = [...items];
  for (let i = 0; i < count; i++) {
    const j = i + randomInt(pool.length - i);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, count);
}

/** `count` distinct questions, uniformly at random. */
export function drawQuestions(count = QUESTIONS_PER_SESSION): Question[] {
  return shuffled(QUESTION_BANK, count);
}

/**
 * The order one session shows a question's choices in: a digit per shown position, the index of
 * the bank's choice shown there ('2031'), so a memorised position is worth nothing.
 */
export function shuffledChoiceOrder({ choices }: Question): string {
  return shuffled(choices.map((_, i) => i)).join('');
}

/** A question as the player sees it before answering, its choices in the session's order: no answer, no explanation. */
export function publicQuestion({ id, text, choices }: Question, shownOrder: string): PublicQuestion {
  return { id, text, choices: [...shownOrder].map((index) => choices[Number(index)]!) };
}

/** Where a question as shown puts its right choice: for the simulator and tests, which know the bank. */
export function rightChoiceShown({ id, choices }: PublicQuestion): number {
  const question = questionById(id)!;
  return choices.indexOf(question.choices[question.answer]!);
}
