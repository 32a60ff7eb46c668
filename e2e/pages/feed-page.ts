import { expect, type Locator, type Page } from '@playwright/test';

/** `/feed`: the home feed of the projects the visitor follows, newest first, live. */
export class FeedPage {
  readonly connection: Locator;
  readonly entries: Locator;
  readonly empty: Locator;

  constructor(readonly page: Page) {
    this.connection = page.getByTestId('connection-status');
    this.entries = page.getByTestId('feed-list').getByTestId('feed-item');
    this.empty = page.getByTestId('feed-empty');
  }

  /** Opens the feed and waits until it is live: what arrives after this is pushed to the page. */
  async open() {
    await this.page.goto('/feed');
    await expect(this.connection).toHaveAttribute('data-state', 'live');
  }

  /** Entries mentioning `text` (a news title, a project's title); `data-kind` says news, milestone or backers. */
  entriesAbout(text: string): Locator {
    return this.entries.filter({ hasText: text });
  }
}
