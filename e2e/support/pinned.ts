import { expect, request, type Browser, type Page } from '@playwright/test';
import { INSTANCE_HEADER } from '../../lib/http/instance-header';

/**
 * Clients of a site behind HAProxy held on one instance by the SERVERID cookie that HAProxy's
 * stickiness reads: what a browser keeps once HAProxy has placed it.
 */
export async function pinnedPage(browser: Browser, url: string, instance: string, path: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: url });
  await context.addCookies([{ name: 'SERVERID', value: instance, url }]);
  const page = await context.newPage();
  const response = await page.goto(path);
  expect(response?.headers()[INSTANCE_HEADER.toLowerCase()]).toBe(instance);
  await expect(page.getByTestId('instance-name')).toHaveText(instance);
  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-state', 'live');
  return page;
}

/** The pin is a cookie of the jar, not a fixed Cookie header: the cookies the site sets (the visitor's) travel beside it. */
export function pinnedApi(url: string, instance: string) {
  const { hostname } = new URL(url);
  const pin = {
    name: 'SERVERID',
    value: instance,
    domain: hostname,
    path: '/',
    expires: -1,
    httpOnly: false,
    secure: false,
    sameSite: 'Lax' as const,
  };
  return request.newContext({ baseURL: url, storageState: { cookies: [pin], origins: [] } });
}
