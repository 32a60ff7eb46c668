import { request } from 'node:http';
import { isVisitorPair } from '../lib/visitors/cookie';

export type Answer = { status: number; json: unknown; setCookies: string[] };

/** Every answer the bot got, by status (0: no answer). */
export class Tally {
  readonly byStatus = new Map<number, number>();
  count(status: number): void {
    this.byStatus.set(status, (this.byStatus.get(status) ?? 0) + 1);
  }
  get requests(): number {
    return [...this.byStatus.values()].reduce((sum, n) => sum + n, 0);
  }
  get serverErrors(): number {
    return [...this.byStatus].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0);
  }
}

/**
 * A scripted client from one source address (`localAddress`, so that the app sees the address a
 * remote attacker would have, not loopback), with a cookie jar or without one.
 */
export class BotHttp {
  cookie: string | undefined;

  constructor(
    readonly baseURL: string,
    private readonly tally: Tally,
    private readonly options: { localAddress?: string; keepCookies: boolean; headers?: Record<string, string> },
  ) {}

  send(method: string, path: string, body?: object, headers: Record<string, string> = {}): Promise<Answer> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const allHeaders: Record<string, string> = {
      accept: path.startsWith('/api/') ? 'application/json' : 'text/html',
      ...(payload ? { 'content-type': 'application/json' } : {}),
      ...(this.cookie ? { cookie: this.cookie } : {}),
      ...this.options.headers,
      ...headers,
    };
    return new Promise((resolve) => {
      const req = request(
        this.baseURL + path,
        { method, headers: allHeaders, localAddress: this.options.localAddress, agent: false, timeout: 15_000 },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const status = response.statusCode ?? 0;
            this.tally.count(status);
            const setCookies = response.headers['set-cookie'] ?? [];
            const visitor = setCookies.find(isVisitorPair)?.split(';')[0];
            if (visitor && (this.options.keepCookies || !this.cookie)) this.cookie = visitor;
            let json: unknown;
            try {
              json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            } catch {}
            resolve({ status, json, setCookies });
          });
        },
      );
      const failed = () => {
        this.tally.count(0);
        resolve({ status: 0, json: undefined, setCookies: [] });
      };
      req.on('timeout', () => req.destroy());
      req.on('error', failed);
      req.end(payload);
    });
  }

  /** Forgets its cookie: the next request is a new client. */
  forget(): void {
    this.cookie = undefined;
  }
}
