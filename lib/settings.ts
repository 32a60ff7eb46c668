import { z } from 'zod';

/**
 * Every environment variable crowdpulse reads: its type and default (the zod schema), the table
 * of docs/configuration.md it belongs to, whether `npm start` refuses to run without it, and one
 * line a person reads. docs/configuration.md is held to this list (tests/docs/configuration.test.ts),
 * and lib/config.ts is the one reader of the environment in lib/, app/ and components/.
 */
export type Section = 'app' | 'programs' | 'scale' | 'bench';
export type SettingInfo = { section: Section; requiredByStart: boolean; description: string };

/** The description of each setting, kept beside its schema without zod's global registry (two module graphs). */
export const SETTING_INFO = new Map<z.ZodType, SettingInfo>();

function v<T extends z.ZodType>(schema: T, section: Section, description: string, requiredByStart = false): T {
  SETTING_INFO.set(schema, { section, requiredByStart, description });
  return schema;
}

const whole = (min: number, max: number, fallback: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);
const count = (fallback: number) => z.coerce.number().int().min(0).default(fallback);
const positiveMs = (fallback: number) => z.coerce.number().int().min(1).default(fallback);
const windowMs = (fallback: number) => z.coerce.number().int().min(1_000).default(fallback);
const text = () => z.string().optional();
const flag = () =>
  z
    .enum(['0', '1'], { error: 'must be 0 or 1' })
    .optional()
    .transform((value) => value === '1');
const HOUR = 3_600_000;
/** The message lib/server/start-guards.ts gave before this list, kept: its length, never the token. */
const adminToken = z
  .string()
  .refine((token) => token.length >= 24, {
    error: (issue) =>
      `ADMIN_TOKEN has ${String(issue.input).length} characters; it must have at least 24 (make one with \`openssl rand -base64 24\`), or leave it unset to close the admin routes`,
  })
  .optional();

export const SETTINGS = z.object({
  REDIS_URL: v(text(), 'app', 'a Redis ≥ 7; with neither this nor REDIS_CLUSTER_NODES, a private one'),
  REDIS_DATA_DIR: v(
    text(),
    'app',
    "the embedded Redis' AOF folder; npm start requires it without REDIS_URL or REDIS_CLUSTER_NODES",
    true,
  ),
  REDIS_CLUSTER_NODES: v(text(), 'app', 'host:port,… of a Redis Cluster; not with REDIS_URL'),
  FOLD_SHARDS: v(whole(1, 1_024, 6), 'app', 'slots a folder is spread over'),
  FOLD_WINDOW_MS: v(positiveMs(5_000), 'app', 'the quiet an account needs before its fold is published'),
  FOLD_MAX_WAIT_MS: v(positiveMs(60_000), 'app', 'the longest a fold waits under a steady stream'),
  FOLD_LEASE_MS: v(positiveMs(30_000), 'app', "a claimed fold's wait for its ack before redelivery"),
  PORT: v(whole(0, 65_535, 3_000), 'app', 'the one port for pages, API and Socket.IO'),
  NODE_ENV: v(text(), 'app', "production in npm start and the demos; anything else: Next's development mode"),
  ADMIN_TOKEN: v(adminToken, 'app', 'bearer token of the admin routes, 24+ characters; unset, those routes are closed'),
  METRICS_TOKEN: v(text(), 'app', "/api/metrics' bearer token"),
  RATE_LIMIT_PER_MIN: v(count(120), 'app', 'writes per address per minute; 0 turns every per-address limit off'),
  RATE_LIMIT_NEW_VISITORS_PER_HOUR: v(count(60), 'app', 'new visitor cookies per address per hour'),
  RATE_LIMIT_QUIZ_STARTS_PER_HOUR: v(count(120), 'app', 'quiz games started per address per hour'),
  RATE_LIMIT_READS_PER_MIN: v(count(600), 'app', 'page loads and API reads per address per minute'),
  RATE_LIMIT_FAILED_TOKENS_PER_HOUR: v(count(30), 'app', 'wrong or missing tokens per address an hour'),
  RATE_LIMIT_SOCKETS_PER_ADDRESS: v(count(60), 'app', 'connections one address holds open at once'),
  RATE_LIMIT_SOCKET_EVENTS_PER_MIN: v(count(600), 'app', 'socket events per address per minute'),
  LEADERBOARD_ROWS_PER_NETWORK: v(count(5), 'app', 'rows one network may hold on each board; 0: no cap'),
  TRUST_PROXY: v(text(), 'app', 'whose X-Forwarded-For counts: 0, 1, or addresses and CIDRs'),
  LISTEN_ADDRESS: v(text(), 'app', 'the address server.ts listens on; every interface unless set'),
  SEED_WAIT_MS: v(positiveMs(120_000), 'app', "npm run seed's wait for a new cluster's replicas"),
  VISITOR_SECRET: v(
    z.string().min(32, 'must be at least 32 characters').optional(),
    'app',
    'signs the visitor cookie; npm start requires it',
    true,
  ),
  VISITOR_SECRET_PREVIOUS: v(
    z.string().min(32, 'must be at least 32 characters').optional(),
    'app',
    'the rotated-out secret',
  ),
  VISITOR_SECRET_PREVIOUS_UNTIL: v(
    z.iso.datetime({ offset: true }).optional(),
    'app',
    'when old cookies stop counting',
  ),
  PUBLIC_ORIGIN: v(
    z.url({ protocol: /^https?$/ }).optional(),
    'app',
    "the site's origin, e.g. https://crowdpulse.example",
  ),
  ALLOWED_ORIGINS: v(text(), 'app', "origins besides the site's own allowed to write and open a socket"),
  SOCKET_CONNECT_TIMEOUT_MS: v(
    whole(100, 60_000, 10_000),
    'app',
    'a connection joining no namespace is closed after it',
  ),
  WINDOW_CONTRIBUTIONS_MS: v(windowMs(24 * HOUR), 'app', 'how long a contribution counts'),
  WINDOW_CONTRIBUTORS_MS: v(windowMs(HOUR / 2), 'app', 'how long a contributor is listed'),
  WINDOW_NEWS_MS: v(windowMs(24 * HOUR), 'app', 'how long news is shown'),
  WINDOW_VISITORS_MS: v(windowMs(60_000), 'app', 'presence window; heartbeats every half window'),
  WINDOW_SHARES_MS: v(windowMs(24 * HOUR), 'app', 'how long a share of a project counts'),
  HOLD_MS: v(whole(1_000, 24 * HOUR, 10 * 60_000), 'app', "how long a hold keeps a tier's place"),
  TIMELINE_CAP: v(whole(1, 10_000, 100), 'app', "entries kept per project's activity timeline"),
  FANOUT_MAX_FOLLOWERS: v(
    whole(0, 100_000_000, 10_000),
    'app',
    "above this many followers a project's entries are merged at read time",
  ),
  FEED_IDLE_DAYS: v(
    z.coerce
      .number()
      .min(1 / 24 / 60)
      .max(3_650)
      .default(14),
    'app',
    'a home feed unread this long expires',
  ),
  FOLLOWS_PER_VISITOR: v(whole(1, 100_000, 200), 'app', 'the most projects one visitor may follow'),
  QUIZ_ANSWER_FLOOR_MS: v(
    whole(0, 20_000, 1_250),
    'app',
    'an answer faster than this after its reveal scores as one at it',
  ),
  SIMULATE: v(flag(), 'app', '1 runs the traffic simulator'),
  SEED_DEMO: v(flag(), 'app', '1 runs the demo seed at start'),
  LOG_LEVEL: v(
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    'app',
    "pino's level",
  ),
  INSTANCE_NAME: v(text(), 'app', "this instance's name in /api/metrics, X-Crowdpulse-Instance and the footer"),
  REDIS_SERVER_PATH: v(text(), 'programs', 'redis-server (7.0 or newer)'),
  REDIS_CLI_PATH: v(text(), 'programs', 'redis-cli'),
  HAPROXY_PATH: v(text(), 'programs', 'haproxy (2.6 or newer)'),
  CHROMIUM_PATH: v(text(), 'programs', 'the Chromium Playwright and Lighthouse drive'),
  PATH: v(text(), 'programs', "searched after each program's variable"),
  INSTANCES: v(whole(1, 16, 2), 'scale', 'app instances npm run demo:cluster starts'),
  BENCH_PAGES_SECONDS: v(whole(1, 3_600, 2), 'bench', 'seconds of load per target in npm run bench -- pages'),
  BENCH_PAGES_ROUNDS: v(
    whole(1, 101, 7),
    'bench',
    'interleaved rounds of every target in npm run bench -- pages (a page beside its copy: the mean of their ratios)',
  ),
  BENCH_STORM_VIEWS: v(whole(1, 10_000_000, 5_000), 'bench', 'page views of the launch in npm run bench -- storm'),
  BENCH_LIGHTHOUSE_RUNS: v(
    whole(1, 101, 3),
    'bench',
    'Lighthouse runs per page, locale and scheme in npm run bench -- lighthouse',
  ),
  BENCH_HOT_SIZES: v(z.enum(['small']).optional(), 'bench', 'small: a few hundred pages, for a quick look'),
  CHAOS_FUZZ_RUNS: v(whole(1, 100_000, 200), 'bench', "generated requests per route in npm run chaos's fuzzing row"),
  FEED_SLUG: v(text(), 'bench', 'set by npm run bench -- feed for the worker it SIGKILLs'),
  FEED_CONSUMER: v(text(), 'bench', 'set by npm run bench -- feed for the worker it SIGKILLs'),
});

export type SettingName = keyof typeof SETTINGS.shape;
export type Settings = z.output<typeof SETTINGS>;

/** A setting's line of the list: its schema's facts for docs/configuration.md. */
export function settingInfo(name: SettingName): SettingInfo & { default: unknown } {
  const schema = SETTINGS.shape[name];
  const info = SETTING_INFO.get(schema);
  if (!info) throw new Error(`${name} has no description in lib/settings.ts`);
  return { ...info, default: schema.safeParse(undefined).data };
}
