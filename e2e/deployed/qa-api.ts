import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import { randomBytes } from 'node:crypto';

export type BoardRow = { rank: number; id: string; player: string; name: string; score: number };
export const PERIODS = ['day', 'week', 'all'] as const;
const BOARD_SIZE = 100;

/** Marks what the smoke suite makes: projects `qa-<hex>`, names `QA <hex>` (20 characters at most, a board's limit). */
export const qaTag = () => randomBytes(4).toString('hex');
export const QA_SLUG = /^qa-[0-9a-f]{8}$/;
export const QA_NAME = /^QA [0-9a-f]{8}$/;

/** How many times an idempotent write is sent again after a 503 that asks for it (Retry-After). */
const RETRIES = 5;

/**
 * Sends an idempotent write (a PUT, a DELETE, a pledge with its id), again while the site answers
 * 503 with Retry-After, after the wait it names, as its API asks of any client: on a cluster a
 * write no replica confirmed in time is a 503 to retry (lib/redis/acknowledged.ts), which a busy
 * machine meets now and then.
 */
async function idempotent(send: () => Promise<APIResponse>): Promise<APIResponse> {
  for (let attempt = 1; ; attempt++) {
    const response = await send();
    const retryAfter = Number(response.headers()['retry-after']);
    if (response.status() !== 503 || !Number.isFinite(retryAfter) || attempt > RETRIES) return response;
    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1_000));
  }
}

/**
 * What a test needs of a site through its public HTTP API alone: an admin token, never a Redis
 * address. Projects are made unlisted (`listed: false`), so no visitor meets them.
 */
export class QaApi {
  constructor(
    private readonly request: APIRequestContext,
    private readonly adminToken: string,
  ) {}

  private get admin() {
    return { headers: { authorization: `Bearer ${this.adminToken}` } };
  }

  /** An unlisted project of the test's own, ending in a day: off the catalogue and its creator's page, reached by its URL. */
  async createProject(tag = qaTag()): Promise<string> {
    const slug = `qa-${tag}`;
    const body = {
      title: `QA ${tag}`,
      creator: 'QA',
      creatorAccount: `qa-${tag}`,
      goal: 1_000,
      endsAt: Date.now() + 86_400_000,
      listed: false,
    };
    const response = await idempotent(() => this.request.put(`/api/projects/${slug}`, { data: body, ...this.admin }));
    expect(response.status(), await response.text()).toBe(201);
    return slug;
  }

  async publishNews(slug: string, title: string): Promise<string> {
    const response = await this.request.post(`/api/projects/${slug}/news`, {
      data: { title, url: 'https://example.org/qa' },
      ...this.admin,
    });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { id: string }).id;
  }

  /**
   * A contribution (of 10 unless told) through the API, as a script (no browser) would make it:
   * with an id of its own, so sending it again after a 503 cannot pledge twice (the ledger answers
   * 200 with the first).
   */
  async contribute(slug: string, name: string, amount = 10): Promise<void> {
    const data = { id: `qa-${randomBytes(8).toString('hex')}`, name, amount };
    const response = await idempotent(() => this.request.post(`/api/projects/${slug}/contributions`, { data }));
    expect([200, 201], await response.text()).toContain(response.status());
  }

  async board(period: (typeof PERIODS)[number]): Promise<BoardRow[]> {
    const response = await this.request.get(`/api/leaderboard?period=${period}&limit=${BOARD_SIZE}`);
    expect(response.status()).toBe(200);
    return (await response.json()) as BoardRow[];
  }

  /** Whether every board has a free place: an entry then trims no one's row, and hiding its player leaves the boards as they were. */
  async boardsHaveRoom(): Promise<boolean> {
    const boards = await Promise.all(PERIODS.map((period) => this.board(period)));
    return boards.every((rows) => rows.length < BOARD_SIZE);
  }

  /** Takes a player's rows off every board, live, for good (the admin's hide). */
  async hidePlayer(player: string): Promise<void> {
    const response = await idempotent(() => this.request.delete(`/api/leaderboard/players/${player}`, this.admin));
    expect(response.status(), await response.text()).toBe(200);
  }

  /** Every listed project, in order, as `GET /api/projects` pages it (its `Link: rel="next"`). */
  async catalogue(): Promise<{ slug: string; title: string; endsAt?: number }[]> {
    const projects: { slug: string; title: string; endsAt?: number }[] = [];
    for (let next: string | undefined = '/api/projects?limit=100'; next;) {
      const response: APIResponse = await this.request.get(next);
      expect(response.status()).toBe(200);
      projects.push(
        ...((await response.json()) as { slug: string; title: string; endsAt?: number }[]).map(
          ({ slug, title, endsAt }) => ({ slug, title, endsAt }),
        ),
      );
      next = /<([^>]+)>;\s*rel="next"/.exec(response.headers().link ?? '')?.[1];
    }
    return projects;
  }

  /** What visitors see of the catalogue and the boards: the listed cards and each board's rows. */
  async visible() {
    const [cards, ...boards] = await Promise.all([this.catalogue(), ...PERIODS.map((period) => this.board(period))]);
    return {
      cards,
      boards: Object.fromEntries(
        PERIODS.map((period, i) => [period, boards[i]!.map(({ id, name, score }) => ({ id, name, score }))]),
      ),
    };
  }
}
