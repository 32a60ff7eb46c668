import type { Locator, Page } from '@playwright/test';

/** What any path shows when there is nothing there (404) or its page failed (error.tsx). */
export class ErrorPages {
  readonly notFound: Locator;
  readonly toCatalogue: Locator;
  readonly failed: Locator;
  readonly retry: Locator;
  /** The digest the server logged with the request's id. */
  readonly reference: Locator;

  constructor(readonly page: Page) {
    this.notFound = page.getByTestId('not-found');
    this.toCatalogue = page.getByTestId('not-found-catalogue');
    this.failed = page.getByTestId('error-page');
    this.retry = page.getByTestId('error-retry');
    this.reference = page.getByTestId('error-reference');
  }
}
