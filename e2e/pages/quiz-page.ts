import { expect, type Locator, type Page } from '@playwright/test';

/** `/quiz`: the Buzzword Quiz, one question revealed at a time, then the score, a name and the rank. */
export class QuizPage {
  readonly startButton: Locator;
  readonly question: Locator;
  readonly choices: Locator;
  readonly nextButton: Locator;
  readonly score: Locator;
  readonly name: Locator;
  readonly submitButton: Locator;
  readonly rank: Locator;

  constructor(readonly page: Page) {
    this.startButton = page.getByTestId('quiz-start');
    this.question = page.getByTestId('quiz-question');
    this.choices = page.getByTestId('quiz-choice');
    this.nextButton = page.getByTestId('quiz-next');
    this.score = page.getByTestId('quiz-score');
    this.name = page.getByTestId('quiz-name');
    this.submitButton = page.getByTestId('quiz-submit');
    this.rank = page.getByTestId('quiz-rank');
  }

  async open() {
    await this.page.goto('/quiz');
  }

  async start() {
    await this.startButton.click();
    await expect(this.question).toBeVisible();
  }

  /** Answers the question shown with its `pick`th choice and moves on; `onAnswered` sees the answered state first. */
  async answer(pick = 0, onAnswered?: () => Promise<void>) {
    await this.choices.nth(pick).click();
    await expect(this.nextButton).toBeVisible();
    await onAnswered?.();
    await this.nextButton.click();
  }

  /** Plays every question (`total`, 10) with `pick`, up to the score. Returns the score. */
  async playThrough(pick = 0, total = 10, onAnswered?: () => Promise<void>): Promise<number> {
    for (let number = 1; number <= total; number++) {
      await expect(this.question).toContainText(`Question ${number} of ${total}`);
      await this.answer(pick, onAnswered);
    }
    await expect(this.score).toBeVisible();
    return Number(await this.score.getAttribute('data-score'));
  }

  /** Puts the score on the boards under `name`; resolves once the page shows where it stands. */
  async submit(name: string) {
    await this.name.fill(name);
    await this.submitButton.click();
    await expect(this.rank).toBeVisible();
  }
}
