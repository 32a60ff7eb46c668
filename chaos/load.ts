import { randomBytes } from 'node:crypto';
import { fetchVisitorCookie } from '../lib/visitors/page-cookie';

/** `noAnswer`: the connection failed or 10 s passed (a killed instance's requests in flight); `other`: 4xx. */
export type Tally = {
  requests: number;
  ok: number;
  unavailable: number;
  otherServerErrors: number;
  noAnswer: number;
  other: number;
};
export type Acknowledged = { contributions: string[]; quizSubmits: string[] };

const RETRY_MS = 250;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Writers as real clients behave: contributions with an id reused on retry (the form's), and
 * quiz games (start, then submit, the submit retried on the same session). Counts every answer;
 * keeps what was acknowledged, to look for it in Redis afterwards.
 */
export class Load {
  readonly tally: Tally = { requests: 0, ok: 0, unavailable: 0, otherServerErrors: 0, noAnswer: 0, other: 0 };
  readonly acknowledged: Acknowledged = { contributions: [], quizSubmits: [] };
  /** When each 2xx came back, and each other answer: the first 2xx after the last failure is when it recovered. */
  readonly successes: number[] = [];
  readonly failures: number[] = [];
  private running = true;
  private readonly loops: Promise<void>[] = [];
  private readonly run = randomBytes(3).toString('hex');
  /** The visitor cookie the quiz's writes carry: a submit needs the player a cookie names. */
  private cookie: Promise<string | undefined> | undefined;

  constructor(
    private readonly baseURL: string,
    private readonly slug: string,
    { contributors = 3, players = 1 } = {},
  ) {
    for (let i = 0; i < contributors; i++) this.loops.push(this.contributeLoop(i));
    for (let i = 0; i < players; i++) this.loops.push(this.quizLoop());
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  private async quizCookie(): Promise<string | undefined> {
    this.cookie ??= fetchVisitorCookie(this.baseURL).catch(() => undefined);
    const cookie = await this.cookie;
    // None yet (the app was down): ask again next time.
    if (!cookie) this.cookie = undefined;
    return cookie;
  }

  private async send(method: string, path: string, body?: object): Promise<{ status: number; json: unknown }> {
    this.tally.requests++;
    const cookie = path.startsWith('/api/quiz/') ? await this.quizCookie() : undefined;
    const answer = await fetch(this.baseURL + path, {
      method,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(10_000),
    }).then(
      async (response) => ({ status: response.status, json: await response.json().catch(() => null) }),
      () => ({ status: 0, json: null }),
    );
    const { status } = answer;
    if (status >= 200 && status < 300) {
      this.tally.ok++;
      this.successes.push(Date.now());
      return answer;
    }
    if (status >= 500 || status === 0) this.failures.push(Date.now());
    if (status === 503) this.tally.unavailable++;
    else if (status >= 500) {
      this.tally.otherServerErrors++;
      process.stderr.write(`[chaos] ${status} on ${method} ${path}: ${JSON.stringify(answer.json)}\n`);
    } else if (status === 0) this.tally.noAnswer++;
    else this.tally.other++;
    return answer;
  }

  private async contributeLoop(writer: number): Promise<void> {
    for (let n = 0; this.running; n++) {
      const id = `chaos-${this.run}-${writer}-${n}`;
      for (;;) {
        const { status } = await this.send('POST', `/api/projects/${this.slug}/contributions`, {
          id,
          name: 'Chaos',
          amount: 1,
        });
        if (status === 200 || status === 201) break;
        if (!this.running) return;
        await sleep(RETRY_MS);
      }
      this.acknowledged.contributions.push(id);
      await sleep(20);
    }
  }

  private async quizLoop(): Promise<void> {
    while (this.running) {
      const started = await this.send('POST', '/api/quiz/sessions');
      const session = (started.json as { id?: string } | null)?.id;
      if (!session) {
        await sleep(RETRY_MS);
        continue;
      }
      for (;;) {
        const { status } = await this.send('POST', `/api/quiz/sessions/${session}/submit`, { name: 'Chaos' });
        if (status === 200) this.acknowledged.quizSubmits.push(session);
        // 409: an earlier attempt that answered 503 was written after all; 404: its session was lost with Redis.
        if (status === 200 || status === 409 || status === 404 || !this.running) break;
        await sleep(RETRY_MS);
      }
    }
  }
}
