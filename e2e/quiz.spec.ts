import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { QUESTION_BANK, rightChoiceShown } from '../lib/quiz/bank';
import { MAX_SPEED_BONUS, POINTS_PER_ANSWER } from '../lib/quiz/scoring';
import { maxScore, speedBonus } from '../tests/quiz/support';
import { answerQuiz, playQuiz, startQuiz, uniqueName } from './support/quiz';

// Whole games: ten rounds of clicks, server answers and re-renders each. Every wait is on what the
// page shows; the budget only has to hold all those steps on a machine shared with other work.
test.describe.configure({ timeout: 240_000 });

/** Tabs from the top of the page to the control named `name`, as a keyboard user would. */
async function tabTo(page: Page, name: string) {
  for (let presses = 0; presses < 20; presses++) {
    await page.keyboard.press('Tab');
    if ((await page.evaluate(() => document.activeElement?.textContent?.trim())) === name) return;
  }
  throw new Error(`could not tab to "${name}"`);
}

test('a player plays a whole quiz with the keyboard only, lands on the board, and another browser sees it live', async ({
  browser,
  baseURL,
}) => {
  const watcher = await (await browser.newContext({ baseURL })).newPage();
  await watcher.goto('/leaderboard');
  await expect(watcher.getByTestId('connection-status')).toHaveAttribute('data-state', 'live');

  const player = await (await browser.newContext({ baseURL })).newPage();
  await player.goto('/quiz');
  await tabTo(player, 'Start the quiz');
  await player.keyboard.press('Enter');

  const question = player.getByTestId('quiz-question');
  const seen = new Set<string>();
  for (let number = 1; number <= 10; number++) {
    await expect(question).toContainText(`Question ${number} of 10`);
    seen.add((await question.getAttribute('data-id'))!);
    if (number % 2 === 0) {
      // Arrows move through the choices, Enter picks one.
      await player.keyboard.press('ArrowDown');
      await player.keyboard.press('ArrowDown');
      await expect(player.getByTestId('quiz-choice').nth(1)).toBeFocused();
      await player.keyboard.press('Enter');
    } else {
      await player.keyboard.press('1');
    }
    const next = player.getByRole('button', { name: number === 10 ? /See your score/ : /Next question/ });
    await expect(next).toBeFocused();
    await expect(player.getByText(/^(Correct!|Not quite)/)).toBeVisible();
    await expect(player.getByTestId('quiz-points')).toContainText(/answered in \d+\.\d s/);
    await player.keyboard.press('Enter');
  }
  expect(seen.size).toBe(10);

  const score = Number(await player.getByTestId('quiz-score').getAttribute('data-score'));
  expect(score).toBeGreaterThanOrEqual(0);
  expect(score).toBeLessThanOrEqual(maxScore(10));
  // The end screen breaks the score down, answer by answer.
  await expect(player.getByTestId('quiz-breakdown-row')).toHaveCount(10);
  await expect(player.getByTestId('quiz-name')).toBeFocused();
  const name = uniqueName('Keys');
  await player.keyboard.type(name);
  await player.keyboard.press('Enter');

  await expect(player.getByTestId('quiz-rank')).toContainText(/on the board/);
  const rank = await player.getByTestId('quiz-rank').getAttribute('data-rank');
  expect(Number(rank)).toBeGreaterThan(0);
  await expect(player.getByRole('link', { name: /See the leaderboard/ })).toBeFocused();
  await player.keyboard.press('Enter');

  await expect(player).toHaveURL(/\/leaderboard\?entry=/);
  const mine = player.locator('[data-testid="leaderboard-row"][aria-current="true"]');
  await expect(mine).toContainText(name);
  await expect(mine).toContainText(score.toLocaleString('en-US'));

  const seenLive = watcher.getByTestId('leaderboard-row').filter({ hasText: name });
  await expect(seenLive).toHaveCount(1);
  await expect(seenLive).toContainText(score.toLocaleString('en-US'));
});

test('tampered requests are refused (a forged score, correctness or time), and the score is always the server’s', async ({
  request,
}) => {
  const session = await startQuiz(request);
  expect(Object.keys(session).toSorted()).toEqual(['expiresAt', 'id', 'question', 'total']);
  expect(session.total).toBe(10);
  expect(Object.keys(session.question).toSorted()).toEqual(['choices', 'id', 'text']);
  const answers = `/api/quiz/sessions/${session.id}/answers`;
  const submit = `/api/quiz/sessions/${session.id}/submit`;
  const first = session.question;

  // Only the revealed question can be answered: the nine others drawn are a 409, the rest of the bank a 400.
  const early = await Promise.all(
    QUESTION_BANK.filter((question) => question.id !== first.id).map(async (question) =>
      (await request.post(answers, { data: { questionId: question.id, choice: 0 } })).status(),
    ),
  );
  expect(early.filter((status) => status === 409)).toHaveLength(9);
  expect(early.filter((status) => status === 400)).toHaveLength(QUESTION_BANK.length - 10);

  const claimed = await request.post(answers, { data: { questionId: first!.id, choice: 0, correct: true } });
  expect(claimed.status()).toBe(400);
  for (const forgedTime of [{ elapsedMs: 1 }, { answeredAt: Date.now() }, { speed: 500 }, { score: 1_000 }]) {
    const forged = await request.post(answers, { data: { questionId: first!.id, choice: 0, ...forgedTime } });
    expect(forged.status(), JSON.stringify(forgedTime)).toBe(400);
  }
  const foreign = await request.post(answers, { data: { questionId: 'mc-not-in-this-session', choice: 0 } });
  expect(foreign.status()).toBe(400);
  expect((await foreign.json()).error).toMatchObject({ code: 'invalid_input', field: 'questionId' });

  const answered = await request.post(answers, { data: { questionId: first!.id, choice: 0 } });
  expect(answered.status()).toBe(200);
  const { correct, answer, explanation, score, breakdown, next } = await answered.json();
  expect(Object.keys(next).toSorted()).toEqual(['choices', 'id', 'text']);
  expect(typeof explanation).toBe('string');
  expect(correct).toBe(answer === 0);
  // The server timed the answer itself: from the reveal (the start) to now, never what a client says; nothing the refused answers did.
  expect(breakdown.elapsedMs).toBeGreaterThanOrEqual(0);
  expect(breakdown.elapsedMs).toBeLessThan(60_000);
  expect(breakdown.points).toBe(correct ? POINTS_PER_ANSWER : 0);
  expect(score).toBe(breakdown.points + breakdown.speed);
  expect((await request.post(answers, { data: { questionId: first!.id, choice: 1 } })).status()).toBe(409);

  for (const forgery of [{ score: 9_999 }, { time: 1 }, { date: 0 }]) {
    const forged = await request.post(submit, { data: { name: uniqueName('Forger'), ...forgery } });
    expect(forged.status(), JSON.stringify(forgery)).toBe(400);
  }
  for (const name of ['', '   ', 'x'.repeat(21), 'bell\u0007']) {
    const bad = await request.post(submit, { data: { name } });
    expect(bad.status(), JSON.stringify(name)).toBe(400);
    expect((await bad.json()).error.field).toBe('name');
  }
  const name = uniqueName('Honest');
  const submitted = await request.post(submit, { data: { name } });
  expect(submitted.status()).toBe(200);
  expect((await submitted.json()).score).toBe(score);
  const again = await request.post(submit, { data: { name: uniqueName('Again') } });
  expect(again.status()).toBe(409);
  // Beside the error, where the kept score stands, under the name it was kept with.
  const standing = await again.json();
  expect(standing).toMatchObject({ error: { code: 'conflict' }, score, name });
  expect(Object.keys(standing.ranks).toSorted()).toEqual(['all', 'day', 'week']);
  expect((await request.post(answers, { data: { questionId: next.id, choice: 0 } })).status()).toBe(409);

  const board = await (await request.get('/api/leaderboard')).json();
  expect(board.filter((row: { name: string }) => row.name === name)).toMatchObject([{ score }]);

  expect(
    (
      await request.post('/api/quiz/sessions/AAAAAAAAAAAA/answers', { data: { questionId: first!.id, choice: 0 } })
    ).status(),
  ).toBe(403);
  expect((await request.post('/api/quiz/sessions/not-an-id/submit', { data: { name } })).status()).toBe(404);
});

test('a script that knows the bank and answers each question the instant it is revealed scores no more than a person answering right at the floor (1.25 s)', async ({
  request,
}) => {
  const { answers, score } = await playQuiz(request, uniqueName('Script'), rightChoiceShown);
  expect(answers.every((answer) => answer.correct)).toBe(true);
  // Instant answers are timed as answers at the floor: 469 of the 500 bonus, never more.
  for (const { breakdown } of answers) expect(breakdown.speed).toBeLessThanOrEqual(speedBonus(1_250));
  expect(speedBonus(1_250)).toBe(MAX_SPEED_BONUS - 31);
  expect(score).toBeLessThanOrEqual(maxScore(10));
  expect(maxScore(10)).toBe(10 * (POINTS_PER_ANSWER + speedBonus(1_250)));
});

test('a start without a visitor cookie is given one; a second start by that player ends the first (a 409), not another player’s', async ({
  request,
  playwright,
  baseURL,
}) => {
  const started = await request.post('/api/quiz/sessions');
  expect(started.status()).toBe(201);
  expect(started.headers()['set-cookie']).toMatch(/^cp_vid=[^;]+;.*HttpOnly/i);
  const first = (await started.json()) as Awaited<ReturnType<typeof startQuiz>>;
  const other = await playwright.request.newContext({ baseURL });
  const othersSession = await startQuiz(other);

  const again = await request.post('/api/quiz/sessions');
  expect(again.status()).toBe(201);
  expect(again.headers()['set-cookie']).toBeUndefined(); // the jar sent the cookie it was given
  const second = (await again.json()) as typeof first;
  const ended = await request.post(`/api/quiz/sessions/${first.id}/answers`, {
    data: { questionId: first.question.id, choice: 0 },
  });
  expect(ended.status()).toBe(409);
  expect((await ended.json()).error.message).toMatch(/ended: its player started another/);
  expect(
    (await request.post(`/api/quiz/sessions/${first.id}/submit`, { data: { name: uniqueName('Ended') } })).status(),
  ).toBe(409);
  expect((await request.get(`/api/quiz/sessions/${first.id}`)).status()).toBe(409);
  await answerQuiz(request, second.id, second.question, 0);
  await answerQuiz(other, othersSession.id, othersSession.question, 0);
  await other.dispose();
});

test('a reload mid-game picks the quiz up where it was, score included; once submitted, it starts afresh', async ({
  page,
}) => {
  await page.goto('/quiz');
  await page.getByRole('button', { name: 'Start the quiz' }).click();
  const question = page.getByTestId('quiz-question');
  const score = page.getByText(/^Score \d+$/);
  const answeredIds: string[] = [];
  const answer = async (number: number) => {
    await expect(question).toContainText(`Question ${number} of 10`);
    answeredIds.push((await question.getAttribute('data-id'))!);
    await page.keyboard.press('1');
    await expect(page.getByText(/^(Correct!|Not quite)/)).toBeVisible();
    await expect(page.getByTestId('quiz-next')).toBeFocused();
  };
  for (let number = 1; number <= 3; number++) {
    await answer(number);
    if (number < 3) await page.keyboard.press('Enter');
  }
  const scoreBefore = await score.textContent();

  await page.reload();
  await expect(question).toContainText('Question 4 of 10');
  await expect(score).toHaveText(scoreBefore!);
  expect(answeredIds).not.toContain(await question.getAttribute('data-id'));

  for (let number = 4; number <= 10; number++) {
    await answer(number);
    await page.keyboard.press('Enter');
  }
  expect(new Set(answeredIds).size).toBe(10);
  await page.getByTestId('quiz-name').fill(uniqueName('Reload'));
  await page.getByTestId('quiz-submit').click();
  await expect(page.getByTestId('quiz-rank')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('button', { name: 'Start the quiz' })).toBeVisible();
  await expect(question).toHaveCount(0);
});

/** Plays a whole game on /quiz with the keyboard (the first choice each time), up to the finish screen. */
async function playToTheEnd(page: Page) {
  await page.goto('/quiz');
  await page.getByRole('button', { name: 'Start the quiz' }).click();
  for (let number = 1; number <= 10; number++) {
    await expect(page.getByTestId('quiz-question')).toContainText(`Question ${number} of 10`);
    await page.keyboard.press('1');
    await expect(page.getByText(/^(Correct!|Not quite)/)).toBeVisible();
    // Enter goes to what has the focus: the next button, once the feedback has moved it there.
    await expect(page.getByTestId('quiz-next')).toBeFocused();
    await page.keyboard.press('Enter');
  }
}

/** Plays a game and submits it; the real server keeps the submit, the page is told 503 (as when WAIT 1 saw no replica in time). */
async function submitToldUnavailable(page: Page): Promise<{ score: number; name: string }> {
  await playToTheEnd(page);
  const score = Number(await page.getByTestId('quiz-score').getAttribute('data-score'));
  await page.route(
    '**/api/quiz/sessions/*/submit',
    async (route) => {
      expect((await route.fetch()).status()).toBe(200);
      await route.fulfill({
        status: 503,
        headers: { 'Retry-After': '1' },
        json: { error: { code: 'unavailable', message: 'the data store is unreachable; retry shortly' } },
      });
    },
    { times: 1 },
  );
  const name = uniqueName('Kept');
  await page.getByTestId('quiz-name').fill(name);
  await page.getByTestId('quiz-submit').click();
  // The visitor reads the page's own words for a 503, never the server's raw message.
  await expect(page.getByText('The quiz is unavailable right now; try again in a moment.')).toBeVisible();
  await expect(page.getByText('the data store is unreachable; retry shortly')).toHaveCount(0);
  await expect(page.getByTestId('quiz-rank')).toHaveCount(0);
  return { score, name };
}

/** The page ends on the score and the rank the server gave in `standing` (alone, or shared by equal scores: "tied for 10th with 2 players"). */
async function expectFinishedOn(page: Page, score: number, standing: { rank: number | null }): Promise<void> {
  const rank = page.getByTestId('quiz-rank');
  await expect(rank).toHaveAttribute('data-rank', String(standing.rank ?? ''));
  const allTime = new RegExp(
    `(#${standing.rank}|tied for ${standing.rank}(st|nd|rd|th) with \\d+ players[a-z, ]*) all time`,
  );
  await expect(rank).toContainText(standing.rank === null ? /Not on the board this time/ : allTime);
  await expect(page.getByTestId('quiz-score')).toHaveAttribute('data-score', String(score));
  await expect(page.getByText('the data store is unreachable; retry shortly')).toHaveCount(0);
}

test('a submit kept by the server but answered 503 (no replica confirmed it): the retry, a 409, still ends on the score and its rank', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const { score, name } = await submitToldUnavailable(page);

  const retried = page.waitForResponse((response) => response.url().endsWith('/submit'));
  await page.getByTestId('quiz-submit').click();
  const conflict = await retried;
  expect(conflict.status()).toBe(409);
  const standing = await conflict.json();
  expect(standing).toMatchObject({ error: { code: 'conflict' }, score, name });
  await expectFinishedOn(page, score, standing);

  await page.screenshot({ path: testInfo.outputPath('quiz-kept-after-503-laptop.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath('quiz-kept-after-503-phone.png'), fullPage: true });
});

test('a submit kept by the server but answered 503, then the page reloaded: it ends on the score and its rank, once', async ({
  page,
}) => {
  const { score, name } = await submitToldUnavailable(page);
  const resumed = page.waitForResponse((response) => /\/api\/quiz\/sessions\/[^/]+$/.test(response.url()));
  await page.reload();
  const conflict = await resumed;
  expect(conflict.status()).toBe(409);
  const { standing } = await conflict.json();
  expect(standing).toMatchObject({ score, name });
  await expectFinishedOn(page, score, standing);
  await expect(page.getByTestId('quiz-breakdown-row')).toHaveCount(10);

  // Shown once, as after a submit answered at once: the next load starts afresh.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Start the quiz' })).toBeVisible();
});

for (const [device, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['laptop', { width: 1366, height: 900 }],
] as const) {
  test(`the quiz at ${device} width (${viewport.width}): one question revealed at a time, played with clicks, nothing wider than the screen`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize(viewport);
    const revealed: string[] = [];
    page.on('response', async (response) => {
      if (!/\/api\/quiz\/sessions(\/[^/]+\/answers)?$/.test(response.url()) || response.request().method() !== 'POST')
        return;
      const body = (await response.json().catch(() => null)) as {
        question?: { id: string };
        next?: { id: string } | null;
      } | null;
      const shown = body?.question ?? body?.next;
      if (shown) revealed.push(shown.id);
    });
    await page.goto('/quiz');
    await page.getByRole('button', { name: 'Start the quiz' }).click();
    const question = page.getByTestId('quiz-question');
    const fits = async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    for (let number = 1; number <= 10; number++) {
      await expect(question).toContainText(`Question ${number} of 10`);
      // The page holds only what the server revealed: this question, none further.
      await expect.poll(() => revealed.length).toBe(number);
      expect(revealed.at(-1)).toBe(await question.getAttribute('data-id'));
      if (number === 1)
        await page.screenshot({ path: testInfo.outputPath(`quiz-question-${device}.png`), fullPage: true });
      await page.getByTestId('quiz-choice').first().click();
      await expect(page.getByText(/^(Correct!|Not quite)/)).toBeVisible();
      if (number === 1) {
        await fits();
        await page.screenshot({ path: testInfo.outputPath(`quiz-answered-${device}.png`), fullPage: true });
      }
      await page.getByRole('button', { name: number === 10 ? /See your score/ : /Next question/ }).click();
    }
    expect(new Set(revealed).size).toBe(10);
    await expect(page.getByTestId('quiz-breakdown-row')).toHaveCount(10);
    await fits();
    await page.screenshot({ path: testInfo.outputPath(`quiz-finished-${device}.png`), fullPage: true });
  });
}

for (const [width, height] of [
  [390, 844],
  [1366, 900],
] as const) {
  test(`after a game the finish screen says where the player's best stands on each board (${width} wide)`, async ({
    browser,
    baseURL,
  }) => {
    const page = await (await browser.newContext({ baseURL, viewport: { width, height } })).newPage();
    await playToTheEnd(page);
    await page.getByTestId('quiz-name').fill(uniqueName('Place'));
    await page.getByTestId('quiz-submit').click();
    // A first game is a new best on every board; each board says where it stands, by rank or by histogram.
    await expect(page.getByTestId('quiz-improved')).toHaveText('New best of yours: today, this week, all time.');
    const rows = page.getByTestId('quiz-standing-row');
    await expect(rows).toHaveCount(3);
    for (const period of ['day', 'week', 'all']) {
      await expect(rows.and(page.locator(`[data-period="${period}"]`))).toContainText(/#[\d,]+(–[\d,]+)? of [\d,]+/);
    }
    await page.getByTestId('quiz-standing').scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`quiz-finish-${width}.png`), fullPage: true });
  });
}
