import { expect, type Locator, type Page } from '@playwright/test';

/** `/projects/<slug>`: the live panel, the contribute form and the follow button. */
export class ProjectPage {
  readonly connection: Locator;
  readonly contributionsCount: Locator;
  readonly contributors: Locator;
  readonly news: Locator;
  readonly visitorsCount: Locator;
  readonly timeline: Locator;
  readonly contributeForm: Locator;
  readonly followButton: Locator;
  readonly backersCount: Locator;
  /** "12 days to go" … "Funded" / "Ended": `data-state` open, funded or ended. */
  readonly campaignClock: Locator;
  /** What takes the contribute form's place once the campaign has ended. */
  readonly contributeClosed: Locator;
  /** An ended campaign's "Funded: …" or "Not funded: …" and its end date (`data-outcome`). */
  readonly archive: Locator;
  readonly shareButton: Locator;
  readonly shareMessage: Locator;
  readonly sharesCount: Locator;

  constructor(readonly page: Page) {
    this.connection = page.getByTestId('connection-status');
    this.contributionsCount = page.getByTestId('contributions-count');
    this.contributors = page.getByTestId('contributors-list').getByTestId('contributor-item');
    this.news = page.getByTestId('news-list').getByTestId('news-item');
    this.visitorsCount = page.getByTestId('visitors-count');
    this.timeline = page.getByTestId('timeline-list').getByTestId('timeline-item');
    this.contributeForm = page.getByTestId('contribute-form');
    this.followButton = page.getByTestId('follow-button');
    this.backersCount = page.getByTestId('backers-count');
    this.campaignClock = page.getByTestId('campaign-clock');
    this.contributeClosed = page.getByTestId('contribute-closed');
    this.archive = page.getByTestId('campaign-archive');
    this.shareButton = page.getByTestId('share-button');
    this.shareMessage = page.getByTestId('share-message');
    this.sharesCount = page.getByTestId('shares-count');
  }

  /** Loads the page, as the server renders it. */
  async goto(slug: string) {
    await this.page.goto(`/projects/${slug}`);
  }

  /** Loads the page and waits until it is live (watching its project over Socket.IO). */
  async open(slug: string) {
    await this.goto(slug);
    await this.expectLive();
  }

  async expectLive() {
    await expect(this.connection).toHaveAttribute('data-state', 'live');
  }

  contributorNamed(name: string): Locator {
    return this.contributors.filter({ hasText: name });
  }

  newsTitled(title: string): Locator {
    return this.news.filter({ hasText: title });
  }

  /** Backs the project with the form: a name and one of the preset amounts (5, 10, 25, 50, 100…). */
  async contribute(name: string, amount: number) {
    await this.contributeForm.getByTestId('contribute-name').fill(name);
    await this.contributeForm.locator(`[data-testid="contribute-amount"][data-amount="${amount}"]`).click();
    await this.contributeForm.getByTestId('contribute-submit').click();
  }

  /** Follows the project (a no-op when it is followed already). */
  async follow() {
    await expect(this.followButton).toHaveAttribute('aria-pressed', /true|false/);
    if ((await this.followButton.getAttribute('aria-pressed')) === 'false') await this.followButton.click();
    await expect(this.followButton).toHaveAttribute('aria-pressed', 'true');
  }
}
