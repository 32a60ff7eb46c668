import { expect, type Locator, type Page } from '@playwright/test';

/** `/admin`: the admin console, signed in with the admin token, acting on one picked project. */
export class AdminConsole {
  readonly token: Locator;
  readonly project: Locator;
  readonly message: Locator;
  readonly newsItems: Locator;
  readonly contributionItems: Locator;
  /** The project form's end (`datetime-local`, the browser's time zone). */
  readonly endsAt: Locator;

  constructor(readonly page: Page) {
    this.token = page.getByTestId('admin-token');
    this.project = page.getByTestId('admin-project');
    this.message = page.getByTestId('admin-message');
    this.newsItems = page.getByTestId('admin-news-item');
    this.contributionItems = page.getByTestId('admin-contribution-item');
    this.endsAt = page.getByTestId('project-ends-at');
  }

  /** Opens the console on `slug` (listed or not: `?project=` picks an unlisted one) and signs in. */
  async open(token: string, slug?: string) {
    await this.page.goto(slug ? `/admin?project=${encodeURIComponent(slug)}` : '/admin');
    await this.token.fill(token);
    if (slug) await expect(this.project).toHaveValue(slug);
  }

  /** Unpublishes the news item titled `title` from the picked project; resolves once the console confirms. */
  async unpublish(title: string) {
    await this.newsItems.filter({ hasText: title }).getByTestId('admin-unpublish').click();
    await expect(this.message).toContainText(`Unpublished “${title}”`);
  }
}
