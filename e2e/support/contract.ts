import {
  expect,
  type APIRequestContext,
  type APIResponse,
  type Page,
  type Response,
  type TestInfo,
} from '@playwright/test';
import { contractViolation } from '../../tests/contract/validator';

const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');

/** A body the browser no longer holds (its page moved on, or a test's route answered for it). */
const UNREADABLE = Symbol('unreadable');

async function bodyOf(response: APIResponse | Response): Promise<unknown> {
  const type = response.headers()['content-type'] ?? '';
  if (!type.startsWith('application/json')) return undefined;
  const raw = await response.body().catch(() => UNREADABLE);
  if (raw === UNREADABLE) return UNREADABLE;
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return '(not JSON)';
  }
}

/**
 * Every /api answer a test sees, through `request` or a page, is checked against the OpenAPI
 * document: a documented route and status, and a body valid against its schema. Violations are
 * collected and fail the test at its end.
 */
export class ContractWatch {
  readonly violations: string[] = [];
  private pending: Promise<void>[] = [];

  private check(method: string, response: APIResponse | Response) {
    if (!isApi(response.url())) return;
    const checked = bodyOf(response).then((body) => {
      if (body === UNREADABLE) return;
      const violation = contractViolation(
        method,
        response.url(),
        response.status(),
        response.headers()['content-type'] ?? '',
        body,
      );
      if (violation) this.violations.push(violation);
    });
    this.pending.push(checked.catch(() => undefined));
  }

  request(request: APIRequestContext): APIRequestContext {
    const methods: Record<string, string> = {
      get: 'GET',
      post: 'POST',
      put: 'PUT',
      patch: 'PATCH',
      delete: 'DELETE',
      head: 'HEAD',
    };
    return new Proxy(request, {
      get: (target, property, receiver) => {
        const original = Reflect.get(target, property, receiver);
        if (typeof original !== 'function') return original;
        if (property === 'fetch')
          return async (url: string, options?: { method?: string }) => {
            const response: APIResponse = await original.call(target, url, options);
            this.check(options?.method ?? 'GET', response);
            return response;
          };
        const method = methods[property as string];
        if (!method) return original.bind(target);
        return async (...args: unknown[]) => {
          const response: APIResponse = await original.apply(target, args);
          this.check(method, response);
          return response;
        };
      },
    });
  }

  page(page: Page): void {
    page.on('response', (response) => {
      // A page torn down mid-answer leaves a body that cannot be read: not the contract's concern (bodyOf).
      if (isApi(response.url())) this.check(response.request().method(), response);
    });
  }

  async settled(): Promise<string[]> {
    await Promise.all(this.pending);
    return this.violations;
  }
}

/**
 * The `contract` fixture both the project's specs and the smoke suite use: on for every test, and
 * a test that passed otherwise fails on an answer off the OpenAPI document.
 */
export const contractFixture: [
  (args: object, use: (watch: ContractWatch) => Promise<void>, testInfo: TestInfo) => Promise<void>,
  { auto: true },
] = [
  async ({}, use, testInfo) => {
    const watch = new ContractWatch();
    await use(watch);
    const violations = await watch.settled();
    if (testInfo.status === testInfo.expectedStatus)
      expect(violations, 'answers that break the OpenAPI document').toEqual([]);
  },
  { auto: true },
];
