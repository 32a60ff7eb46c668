import { expect, type Locator, type Page } from '@playwright/test';

export type BoardPeriod = 'day' | 'week' | 'all';

/** `/leaderboard`: three tabs (today, this week, all time), each a live top 100. */
export class LeaderboardPage {
  readonly connection: Locator;
  readonly panel: Locator;
  readonly rows: Locator;
  readonly tabs: Locator;

  constructor(readonly page: Page) {
    this.connection = page.getByTestId('connection-status');
    this.panel = page.getByTestId('leaderboard-panel');
    this.rows = page.getByTestId('leaderboard').getByTestId('leaderboard-row');
    this.tabs = page.getByTestId('leaderboard-tab');
  }

  /** Opens a board and waits until it is live. */
  async open(period?: BoardPeriod) {
    await this.page.goto(period ? `/leaderboard?period=${period}` : '/leaderboard');
    await expect(this.connection).toHaveAttribute('data-state', 'live');
  }

  async showTab(period: BoardPeriod) {
    await this.page.locator(`[data-testid="leaderboard-tab"][data-period="${period}"]`).click();
    await expect(this.panel).toHaveAttribute('data-period', period);
  }

  /** The row of a name (with `data-rank`). */
  rowNamed(name: string): Locator {
    return this.rows.filter({ hasText: name });
  }
}
