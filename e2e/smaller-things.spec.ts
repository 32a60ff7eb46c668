import { FeedPage, QuizPage } from './pages';
import { expect, test } from './support/fixtures';

/** The smaller things a visitor noticed (issue 40): each one as it reads now. */

test('Admin and Ops are in the footer for operators, not in the visitors’ navigation', async ({ page }) => {
  await page.goto('/');
  const header = page.getByRole('banner').getByRole('navigation');
  await expect(header.getByRole('link', { name: 'Projects' })).toBeVisible();
  await expect(header.getByRole('link', { name: /admin|ops/i })).toHaveCount(0);
  const operators = page.getByRole('navigation', { name: 'For operators' });
  await expect(operators.getByRole('link', { name: 'Ops dashboard' })).toHaveAttribute('href', '/en/ops');
  await expect(operators.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/en/admin');
});

test.describe('the quiz on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a short intro before Start, feedback that says the answer once, and a breakdown not cut', async ({ page }) => {
    const quiz = new QuizPage(page);
    await quiz.open();
    const intro = (await page.getByTestId('quiz-intro').innerText()).trim();
    expect(intro.split(/\s+/).length, intro).toBeLessThanOrEqual(30);
    await expect(page.getByText('A right answer is worth 500 points')).toBeHidden();
    const start = await quiz.startButton.boundingBox();
    expect(start!.y + start!.height).toBeLessThanOrEqual(844);
    await quiz.start();

    const feedback: string[] = [];
    await quiz.playThrough(1, 10, async () => {
      feedback.push(
        await page
          .getByText(/^(Correct!|Not quite)/)
          .locator('..')
          .innerText(),
      );
    });
    for (const text of feedback.filter((said) => said.startsWith('Not quite'))) {
      // "Not quite." alone: the explanation names the answer itself (components/quiz/feedback.ts).
      const answer = /the answer is “(.+?)”/.exec(text)?.[1];
      if (!answer) continue;
      const explanation = text.split('\n').filter((line) => line.trim())[1]!;
      expect(explanation.toLowerCase().startsWith(answer.toLowerCase()), text).toBe(false);
    }

    const questions = page.getByTestId('quiz-breakdown-question');
    await expect(questions).toHaveCount(10);
    for (const question of await questions.all()) {
      const { scroll, client, overflow } = await question.evaluate((element) => ({
        scroll: element.scrollWidth,
        client: element.clientWidth,
        overflow: getComputedStyle(element).textOverflow,
      }));
      expect(scroll, await question.innerText()).toBeLessThanOrEqual(client);
      expect(overflow).not.toBe('ellipsis');
    }
  });
});

test('the feed shows where entries will be while it connects, and an empty feed says what to do', async ({
  page,
  context,
}) => {
  // A socket that never answers: the page stays "connecting".
  await page.route('**/socket.io/**', (route) => route.abort());
  await page.routeWebSocket(/socket\.io/, () => undefined);
  await page.goto('/feed');
  await expect(page.getByTestId('feed-skeleton')).toBeVisible();
  await expect(page.getByTestId('feed-skeleton')).toHaveAttribute('role', 'status');
  await expect(page.getByTestId('feed-empty')).toHaveCount(0);

  const feed = new FeedPage(await context.newPage());
  await feed.open();
  await expect(feed.page.getByTestId('feed-skeleton')).toHaveCount(0);
  await expect(feed.empty).toContainText('Follow a project');
  await expect(feed.empty.getByRole('link', { name: 'Browse the projects' })).toHaveAttribute('href', '/en');
});

test('the ops dashboard says what its figures are in plain words', async ({ page }) => {
  await page.goto('/ops');
  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-state', 'live');
  await expect(page.getByTestId('folding-window')).toBeVisible();
  await expect(page.getByText('Sent, not yet confirmed')).toBeVisible();
  await expect(page.getByText(/right after a flush/)).toBeVisible();
  await expect(page.locator('body')).not.toContainText('fake new');
  await expect(page.locator('body')).not.toContainText('awaiting ack');
});
