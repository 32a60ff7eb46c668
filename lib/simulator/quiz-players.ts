import { readTop, type LeaderboardContext } from '../leaderboard';
import { answerQuestion, questionById, startSession, submitSession, type SubmitResult } from '../quiz';
import { MINUTE } from '../live-events/windows';
import { BACKER_NAMES, pick } from './names';

/**
 * A simulated player: a whole quiz through the same calls as the API (start, ten answers,
 * submit), each answer right with probability `skill`, so the board fills with a believable
 * spread of scores and live entries slide in like real ones.
 */
export async function playSimulatedQuiz(ctx: LeaderboardContext, skill = 0.3 + Math.random() * 0.65): Promise<SubmitResult> {
  const session = await startSession(ctx);
  for (const { id, choices } of session.questions) {
    const answer = questionById(id)!.answer;
    const wrong = (answer + 1 + Math.floor(Math.random() * (choices.length - 1))) % choices.length;
    await answerQuestion(session.id, { questionId: id, choice: Math.random() < skill ? answer : wrong }, ctx);
  }
  return submitSession(session.id, pick(BACKER_NAMES), ctx);
}

/** The demo's board starts with a morning of players rather than empty; a board with entries is left alone. */
export async function seedDemoBoard(ctx: LeaderboardContext, players = 40): Promise<number> {
  if ((await readTop(1, ctx)).entries.length > 0) return 0;
  const start = ctx.now() - players * 4 * MINUTE;
  for (let i = 0; i < players; i++) {
    const playedAt = start + i * 4 * MINUTE + Math.floor(Math.random() * 3 * MINUTE);
    await playSimulatedQuiz({ ...ctx, now: () => playedAt });
  }
  return players;
}
