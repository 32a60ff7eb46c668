import type { Locator, Page } from '@playwright/test';

/** `/`: the projects, a page of cards at a time, each with its follow button, and "More projects". */
export class CataloguePage {
  readonly cards: Locator;
  readonly next: Locator;
  /** "Ending soon" (`/?order=ending`) on the listing, "All projects" on that one. */
  readonly order: Locator;
  /** "Recently ended": the ended campaigns, apart from the open ones. */
  readonly recentlyEnded: Locator;

  constructor(readonly page: Page) {
    this.cards = page.getByTestId('project-card');
    this.next = page.getByTestId('catalogue-next');
    this.order = page.getByTestId('catalogue-order');
    this.recentlyEnded = page.getByTestId('recently-ended');
  }

  async open() {
    await this.page.goto('/');
  }

  /** The card linking to a project (an `<a>` to `/projects/<slug>`). */
  card(slug: string): Locator {
    return this.page.locator(`[data-testid="project-card"][href$="/projects/${slug}"]`);
  }

  /** A card's time left, then "Funded" or "Ended" (`data-state`). */
  campaignClock(slug: string): Locator {
    return this.card(slug).getByTestId('campaign-clock');
  }

  /** The slugs of the cards shown, in order. */
  async slugs(): Promise<string[]> {
    const hrefs = await this.cards.evaluateAll((cards) => cards.map((card) => card.getAttribute('href') ?? ''));
    return hrefs.map((href) => href.replace(/^(?:\/[a-z]{2})?\/projects\//, ''));
  }

  /** Every card of every page, following "More projects" (works without JavaScript too). */
  async allSlugs(): Promise<string[]> {
    const seen = await this.slugs();
    while ((await this.next.count()) > 0) {
      await this.next.click();
      await this.page.waitForLoadState();
      seen.push(...(await this.slugs()));
    }
    return seen;
  }
}
