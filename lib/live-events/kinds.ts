export const SECOND = 1_000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;

/**
 * The shape of a kind decides which shared script code records, prunes, counts and reads it
 * (lib/live-events/lua/includes/event-kinds.lua) and how the browser shows it (client-state.ts):
 * - counter: how many members are in the window, counted down on the server's clock
 * - list: the newest members in the window, each with what it carries
 * - presence: how many people are viewing (presence.ts: tabs, heartbeats)
 */
export type Shape = 'counter' | 'list' | 'presence';

/** What a member shows besides its id and time, by field: stored as a JSON array in this order. */
export type Carries = Record<string, 'int' | 'string'>;

/**
 * A live event kind: one sorted set per project (`{project:<slug>}:<name>`, member id → time)
 * and one window. The snapshot, the versioned changes, the browser's model, the API's schemas
 * and the window's variable all follow from this record. No zod here: the browser imports it.
 */
export type KindDescriptor = {
  /** Its key's suffix, its field in the snapshot and in `windows`. */
  readonly name: string;
  readonly shape: Shape;
  /** How long a member stays, unless `env` says otherwise (ms, at least 1 s). */
  readonly windowMs: number;
  readonly env: string;
  /** Lists: what each member shows. Kinds one write feeds share one details hash. */
  readonly carries: Carries;
  /** The hash holding members' details (`{project:<slug>}:<details>`), when they carry any. */
  readonly details?: string;
  /** How many a snapshot holds: a counter's oldest times, a list's newest members. */
  readonly snapshotLimit: number;
};

const kind = <const Kind extends KindDescriptor>(descriptor: Kind): Kind => descriptor;

// The live-events write-up's kinds. A contribution is one write feeding the first two.
export const contributions = kind({
  name: 'contributions',
  shape: 'counter',
  windowMs: 24 * HOUR,
  env: 'WINDOW_CONTRIBUTIONS_MS',
  carries: {},
  details: 'contribution-details',
  snapshotLimit: 200,
});
export const contributors = kind({
  name: 'contributors',
  shape: 'list',
  windowMs: 30 * MINUTE,
  env: 'WINDOW_CONTRIBUTORS_MS',
  carries: { amount: 'int', name: 'string' },
  details: 'contribution-details',
  snapshotLimit: 20,
});
export const news = kind({
  name: 'news',
  shape: 'list',
  windowMs: 24 * HOUR,
  env: 'WINDOW_NEWS_MS',
  carries: { title: 'string', url: 'string' },
  details: 'news-details',
  snapshotLimit: 10,
});
export const visitors = kind({
  name: 'visitors',
  shape: 'presence',
  windowMs: 60 * SECOND,
  env: 'WINDOW_VISITORS_MS',
  carries: {},
  snapshotLimit: 0,
});

// A share of the project's link (the page's Share button): counted over a day.
export const shares = kind({
  name: 'shares',
  shape: 'counter',
  windowMs: 24 * HOUR,
  env: 'WINDOW_SHARES_MS',
  carries: {},
  snapshotLimit: 200,
});

/** The write-up's kinds, which the code names; any kind added to KINDS is reached through its descriptor. */
export const BUILT_IN_KINDS = [contributions, contributors, news, visitors] as const;
export const KINDS = [...BUILT_IN_KINDS, shares] as const;

type BuiltIn = (typeof BUILT_IN_KINDS)[number];
export type KindName = BuiltIn['name'];
export const isBuiltIn = (kind: KindDescriptor) => (BUILT_IN_KINDS as readonly KindDescriptor[]).includes(kind);

/**
 * How long each kind's members stay, by kind name: configuration, never a literal elsewhere. An
 * added kind's may be missing (windows written before it): `windowOf` then takes its default.
 */
export type Windows = { [Name in KindName]: number } & { [other: string]: number };

export const windowOf = (windows: Windows, kind: KindDescriptor): number => windows[kind.name] ?? kind.windowMs;

export const windowsOf = (kinds: readonly KindDescriptor[]): Windows =>
  Object.fromEntries(kinds.map((each) => [each.name, each.windowMs])) as Windows;

/** Members shown at `now`: those whose time is still inside `window`. The one window filter. */
export const inWindow = (at: number, window: number, now: number): boolean => at > now - window;

/** inWindow as a score range (ZCOUNT, ZRANGE BYSCORE): above `now - window`, never at it. */
export const windowScores = (window: number, now: number): [min: string, max: string] => [`(${now - window}`, '+inf'];
