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

/** `count` distinct questions, uniformly at random (a partial Fisher–Yates shuffle). */
export function drawQuestions(count = QUESTIONS_PER_SESSION): Question[] {
  const pool = [...QUESTION_BANK];
  for (let i = 0; i < count; i++) {
    const j = i + randomInt(pool.length - i);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, count);
}

/** A question as the player sees it before answering: no answer, no explanation. */
export function publicQuestion({ id, text, choices }: Question): PublicQuestion {
  return { id, text, choices };
}
