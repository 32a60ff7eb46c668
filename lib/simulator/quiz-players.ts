import { readTop, type LeaderboardContext } from '../leaderboard';
import { randomInt } from 'node:crypto';
import {
  answerQuestion,
  QUESTIONS_PER_SESSION,
  rightChoiceShown,
  startSession,
  submitSession,
  type PublicQuestion,
  type SubmitResult,
} from '../quiz';
import { BACKER_NAMES } from '../projects/demo-names';
import { between, pick, type Chance } from './chance';

const DAY = 86_400_000;

/** The demo's simulated players: a fixed crowd, so their bests (about 100 bytes each per board) stay bounded however long the demo runs. */
export const SIMULATED_PLAYERS = 500;

/** The public id of simulated player `n` (a random one of the crowd by default). */
export const simulatedPlayer = (n = randomInt(SIMULATED_PLAYERS)) => `sim-${n}`;

/** How a simulated player plays: how often right, and how many seconds an answer takes on average. */
export type PlayerStyle = { skill: number; secondsPerAnswer: number };

/**
 * Most players are neither perfect nor fast: a skill from 35 % to 92 % right (a perfect game is
 * about one in a dozen) and a pace from 2.5 to 14 seconds an answer (reading the explanation
 * included), each answer varying around it.
 */
export function randomStyle(chance: Chance = Math.random): PlayerStyle {
  return { skill: between(0.35, 0.92, chance), secondsPerAnswer: between(2.5, 14, chance) };
}

/**
 * A simulated player: a whole quiz through the same
 * calls as the API (start, then each question as the previous answer reveals it, submit), each
 * answer right with probability `skill` and given after a think time around its pace, on a clock
 * of its own that ends at `ctx.now()`: the server measures the speed from that clock, exactly as
 * it does for a person, and the board fills with a believable spread. The game counts for one of
 * the simulated crowd, at random, unless `playerId` says whose.
 */
export async function playSimulatedQuiz(
  ctx: LeaderboardContext,
  style: PlayerStyle = randomStyle(),
  playerId = simulatedPlayer(),
  chance: Chance = Math.random,
): Promise<SubmitResult> {
  const thinkTimes = Array.from({ length: QUESTIONS_PER_SESSION }, () =>
    Math.round(style.secondsPerAnswer * 1000 * between(0.5, 1.5, chance)),
  );
  let time = ctx.now() - thinkTimes.reduce((sum, ms) => sum + ms, 0);
  const player = { ...ctx, now: () => time };
  const session = await startSession(playerId, player);
  let question: PublicQuestion | null = session.question;
  for (let i = 0; question; i++) {
    time += thinkTimes[i] ?? 0;
    const answer = rightChoiceShown(question);
    const { length } = question.choices;
    const wrong = (answer + 1 + Math.floor(chance() * (length - 1))) % length;
    ({ next: question } = await answerQuestion(
      session.id,
      { questionId: question.id, choice: chance() < style.skill ? answer : wrong },
      player,
    ));
  }
  return submitSession(session.id, pick(BACKER_NAMES, chance), playerId, player);
}

/** Games the demo's boards are seeded with. */
export const DEMO_PLAYERS = 40;

/**
 * The demo's boards start with a week of players rather than empty: `players` games spread over
 * the past `days` days, a third of them today (before now), so that today's, this week's and
 * the all time board all have entries, each game another player's. Boards with entries are left alone.
 */
export async function seedDemoBoard(ctx: LeaderboardContext, players = DEMO_PLAYERS, days = 6): Promise<number> {
  if ((await readTop(1, ctx)).entries.length > 0) return 0;
  const now = ctx.now();
  const startOfToday = Math.floor(now / DAY) * DAY;
  const times = Array.from({ length: players }, (_, i) =>
    i % 3 === 0 ? between(startOfToday, now) : between(now - days * DAY, startOfToday),
  ).toSorted((a, b) => a - b);
  for (const [i, playedAt] of times.entries())
    await playSimulatedQuiz({ ...ctx, now: () => Math.round(playedAt) }, randomStyle(), simulatedPlayer(i));
  return players;
}
