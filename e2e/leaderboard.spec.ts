import { expect, test } from './support/fixtures';
import { playQuiz, uniqueName } from './support/quiz';

test('an entry submitted elsewhere slides into every open board, live, at its rank', async ({ browser, baseURL, request }) => {
  const pages = await Promise.all([0, 1].map(async () => (await browser.newContext({ baseURL })).newPage()));
  for (const page of pages) {
    await page.goto('/leaderboard');
    await expect(page.getByTestId('connection-status')).toHaveAttribute('data-state', 'live');
  }
  const name = uniqueName('Live');
  const { rank, score } = await playQuiz(request, name);
  expect(rank).not.toBeNull();

  for (const page of pages) {
    const row = page.getByTestId('leaderboard').getByTestId('leaderboard-row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(String(score));
    await expect(row).toHaveClass(/animate-slide-in/);
    // Others may submit meanwhile (tests run in parallel): the row is where the board says it is.
    await expect
      .poll(async () => {
        const board = (await (await request.get('/api/leaderboard')).json()) as { name: string; rank: number }[];
        return (await row.getAttribute('data-rank')) === String(board.find((entry) => entry.name === name)?.rank);
      })
      .toBe(true);
  }
});

test('the board is server-rendered, ranks are 1..n in order, and the API caps and validates the limit', async ({ request, page }) => {
  const name = uniqueName('Ssr');
  await playQuiz(request, name);
  const html = await (await request.get('/leaderboard')).text();
  expect(html).toContain(name);

  await page.goto('/leaderboard');
  const ranks = await page.getByTestId('leaderboard-row').evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-rank'))));
  expect(ranks).toEqual(ranks.map((_, i) => i + 1));
  expect(ranks.length).toBeLessThanOrEqual(100);

  const top = (await (await request.get('/api/leaderboard?limit=2')).json()) as { rank: number; score: number }[];
  expect(top.map((entry) => entry.rank)).toEqual([1, 2].slice(0, top.length));
  for (const limit of ['0', '101', 'many', '2.5']) expect((await request.get(`/api/leaderboard?limit=${limit}`)).status(), limit).toBe(400);
});

test('a name made of HTML renders as text', async ({ request, page }) => {
  let dialogs = 0;
  page.on('dialog', (dialog) => {
    dialogs++;
    void dialog.dismiss();
  });
  const name = `<img src=x>${uniqueName('').slice(1)}`;
  await playQuiz(request, name);
  await page.goto('/leaderboard');
  await expect(page.getByTestId('leaderboard-row').filter({ hasText: name })).toHaveCount(1);
  await expect(page.locator('[data-testid="leaderboard"] img')).toHaveCount(0);
  expect(dialogs).toBe(0);
});
