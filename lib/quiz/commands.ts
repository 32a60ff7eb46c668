import type { Result } from 'ioredis';
import { scriptsIn, scriptsOn, type ScriptArg, type ScriptDefinition } from '../redis/lua';

declare module 'ioredis' {
  interface RedisCommander<Context> {
    startQuizSession(...keysThenArgs: ScriptArg[]): Result<0 | 1, Context>;
    answerQuizQuestion(...keysThenArgs: ScriptArg[]): Result<
      [status: -6 | -5 | -4 | -3 | -2 | -1 | 0 | 1, score: number, points: number, speed: number, elapsedMs: number, answer: number, next: string, nextOrder: string],
      Context
    >;
    submitQuizSession(...keysThenArgs: ScriptArg[]): Result<[status: -4 | -3 | -2 | -1 | 1, score: number, ...placed: (number | string)[]], Context>;
    readQuizStanding(...keysThenArgs: ScriptArg[]): Result<[] | [score: number, ...placed: (number | string)[]], Context>;
  }
}

const script = scriptsIn('quiz');

export function quizScripts(): ScriptDefinition[] {
  return [
    script('startQuizSession', 3, 'start-session.lua'),
    script('answerQuizQuestion', 1, 'answer-question.lua'),
    script('submitQuizSession', 13, 'submit-session.lua'),
    script('readQuizStanding', 6, 'read-standing.lua'),
  ];
}

/** Defines this module's scripts on `redis` (once) and returns it. */
export const withQuizScripts = scriptsOn(quizScripts);
