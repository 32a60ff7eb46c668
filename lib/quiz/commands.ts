import type { Result } from 'ioredis';
import { loadLua, type ScriptDefinition } from '../redis/lua';

type Arg = string | number;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    startQuizSession(...keysThenArgs: Arg[]): Result<0 | 1, Context>;
    answerQuizQuestion(...keysThenArgs: Arg[]): Result<[status: -3 | -2 | -1 | 0 | 1, score: number], Context>;
    submitQuizSession(...keysThenArgs: Arg[]): Result<[status: -2 | -1 | 1, score: number, rank: number, threshold: number], Context>;
  }
}

export function quizScripts(): ScriptDefinition[] {
  return [
    { name: 'startQuizSession', numberOfKeys: 1, lua: loadLua('quiz/lua/start-session.lua') },
    { name: 'answerQuizQuestion', numberOfKeys: 1, lua: loadLua('quiz/lua/answer-question.lua') },
    { name: 'submitQuizSession', numberOfKeys: 3, lua: loadLua('quiz/lua/submit-session.lua') },
  ];
}
