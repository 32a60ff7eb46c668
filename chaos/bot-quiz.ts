import { QUESTION_BANK, questionById } from '../lib/quiz/bank';
import type { BotHttp } from './bot-http';

type Shown = { id: string; text: string; choices: string[] };
type Started = { id: string; question?: Shown; questions?: Shown[] };
type Answered = { score: number; next?: Shown | null; breakdown?: { elapsedMs: number } };
type PerBoard<T> = { day: T; week: T; all: T };
/** What a submit answers about where the score stands (the all time board's rank and threshold, then per board). */
export type Placed = {
  rank: number | null;
  threshold: number;
  ranks: PerBoard<number | null>;
  sharedBy: PerBoard<number>;
  listed: PerBoard<boolean>;
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The index of the right choice among those shown (choices may be shuffled per session): the bank is public. */
function rightChoice(question: Shown): number {
  const known = questionById(question.id)!;
  return question.choices.indexOf(known.choices[known.answer]!);
}

/**
 * One game, played by someone who knows the whole bank: every answer right, `delayMs` after its
 * question was revealed (0: at once). With `cheat`, each answer is sent together with answers to
 * questions not revealed yet, and twice, in parallel. Returns the session's score (submitted
 * under `name` unless null, with the public player id it was submitted as and where the submit
 * said it stands), or the start's status when it was refused.
 *
 * The one place that knows the quiz flow: the server reveals one question at a
 * time, the start answering `{id, total, question, expiresAt}` and each answer `{…, next}`, null
 * after the last; the old flow's start carries every question (`questions`). Adapt here.
 */
export async function playGame(
  http: BotHttp,
  { delayMs = 0, cheat = false, name }: { delayMs?: number; cheat?: boolean; name: string | null },
): Promise<
  | { score: number; started: true; elapsedMs: number[]; player?: string; placed?: Placed }
  | { started: false; status: number }
> {
  const start = await http.send('POST', '/api/quiz/sessions');
  if (start.status !== 201) return { started: false, status: start.status };
  const session = start.json as Started;
  const answer = (question: Shown) =>
    http.send('POST', `/api/quiz/sessions/${session.id}/answers`, {
      questionId: question.id,
      choice: rightChoice(question),
    });
  let score = 0;
  const elapsedMs: number[] = [];
  if (session.questions) {
    // The old flow: everything known at once, so everything sent at once.
    if (delayMs === 0) {
      const replies = await Promise.all(session.questions.map(answer));
      score = Math.max(0, ...replies.map((reply) => (reply.json as Answered | undefined)?.score ?? 0));
    } else {
      for (const question of session.questions) {
        await sleep(delayMs);
        score = ((await answer(question)).json as Answered | undefined)?.score ?? score;
      }
    }
  } else {
    let open: Shown | null | undefined = session.question;
    while (open) {
      if (delayMs) await sleep(delayMs);
      const current: Shown = open;
      const unrevealed = cheat ? QUESTION_BANK.filter((question) => question.id !== current.id).slice(0, 2) : [];
      const replies = await Promise.all([
        answer(current),
        ...(cheat ? [answer(current)] : []),
        ...unrevealed.map((question) => answer({ id: question.id, text: question.text, choices: question.choices })),
      ]);
      const reply = replies.slice(0, cheat ? 2 : 1).find((found) => found.status === 200);
      const answered = reply?.json as Answered | undefined;
      if (!answered) break;
      score = answered.score;
      if (answered.breakdown) elapsedMs.push(answered.breakdown.elapsedMs);
      open = answered.next;
    }
  }
  let player: string | undefined;
  let placed: Placed | undefined;
  if (name !== null) {
    const submitted = (await http.send('POST', `/api/quiz/sessions/${session.id}/submit`, { name })).json as
      (Partial<Placed> & { score?: number; player?: string }) | undefined;
    score = submitted?.score ?? score;
    player = submitted?.player;
    if (submitted?.ranks) placed = submitted as Placed;
  }
  return { score, started: true, elapsedMs, player, placed };
}
