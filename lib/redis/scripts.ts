import { leaderboardScripts } from '../leaderboard/commands';
import { creatorScripts } from '../creators/commands';
import { foldingScripts } from '../folding/commands';
import { liveEventScripts } from '../live-events/commands';
import { projectScripts } from '../projects/commands';
import { quizScripts } from '../quiz/commands';
import { timelineScripts } from '../timeline/commands';
import type { ScriptDefinition } from './lua';

/** Every Lua script of every pattern, defined once on each client (ioredis defineCommand). */
export function allScripts(): ScriptDefinition[] {
  return [
    ...projectScripts(),
    ...liveEventScripts(),
    ...timelineScripts(),
    ...leaderboardScripts(),
    ...quizScripts(),
    ...foldingScripts(),
    ...creatorScripts(),
  ];
}
