import { randomBytes } from 'node:crypto';
import { networkInterfaces } from 'node:os';
import { io } from 'socket.io-client';
import { addBenchEntry } from '../bench/board-entries';
import { Cleanup, sleep } from '../bench/support';
import { BOARD_SIZE, boardKeys } from '../lib/leaderboard/keys';
import { ADDRESS_LIMITS } from '../lib/limits/address-limits';
import { readLiveSnapshot } from '../lib/live-events';
import { DEFAULT_WINDOWS } from '../lib/live-events/windows';
import { projectKeys } from '../lib/projects/keys';
import { saveProject } from '../lib/projects/save';
import { QUESTIONS_PER_SESSION } from '../lib/quiz/bank';
import { answerFloorMs, MAX_SPEED_BONUS, MS_PER_BONUS_POINT, POINTS_PER_ANSWER } from '../lib/quiz/scoring';
import { createRedis, waitUntilReady } from '../lib/redis/client';
import { startRedisServer } from '../lib/redis/embedded';
import { startScaledSite } from '../lib/scale/site';
import { sampleProject } from '../tests/sample-project';
import { crossSiteWrites, rawSockets, type CrossSiteResult, type RawSocketResult } from './bot-cross-site';
import { BotHttp, Tally } from './bot-http';
import { playGame, type Placed } from './bot-quiz';

const progress = (message: string) => process.stderr.write(`[chaos bot] ${message}\n`);
const BOARDS = ['day', 'week', 'all'] as const;
/** Every limit at its default, whatever the caller's environment says. */
const DEFAULT_LIMITS = Object.fromEntries(Object.values(ADDRESS_LIMITS).map(({ variable }) => [variable, '']));

export type BotRow = {
  minutes: number;
  address: string;
  rows: Record<(typeof BOARDS)[number], number>;
  best: number;
  reference: number;
  viewers: number;
  socketCap: number;
  crossSite: CrossSiteResult;
  rawSockets: RawSocketResult;
  ties: TieResult;
  serverErrors: number;
  details: string[];
};

/**
 * The bot's perfect games and what their submits answered: per board, how many were told a rank
 * and how many took a row; on the all time board the best rank told, the most players it was
 * told share it, and the thresholds the unranked ones were told.
 */
export type TieResult = {
  perfect: number;
  score: number;
  ranked: Record<(typeof BOARDS)[number], number>;
  rows: Record<(typeof BOARDS)[number], number>;
  best: number | null;
  sharedBy: number;
  unrankedThresholds: number[];
};

/** This machine's own non-loopback IPv4: the bot's source, so the app sees a remote client's address. */
const externalAddress = () =>
  Object.values(networkInterfaces())
    .flat()
    .find((found) => found && found.family === 'IPv4' && !found.internal)?.address;

/**
 * `npm run chaos -- bot [--minutes N]`: a scripted player from one address, against two instances
 * behind HAProxy with the default limits, tries every identity trick for N minutes (10): quiz
 * games answered at once with the whole bank (one player with a cookie jar, a new player every
 * game without one, and each cookie it collected as a player of its own), new cookies by the hundred (through HAProxy, forging X-Forwarded-For
 * to HAProxy and straight to an instance), and as many sockets as it can hold, each watching a
 * project with a cookie it got. Before that, what another site's page could make a browser
 * send (cross-site writes, text/plain), and 300 bare WebSocket upgrades that never join a
 * namespace. A reference session answers every question right 1 s after it was revealed.
 * The all time board starts full of others' perfect games (issue 24's frozen board).
 */
export async function runBot(minutes: number, cleanup: Cleanup): Promise<BotRow> {
  const server = await startRedisServer();
  cleanup.add('bot redis', () => server.stop());
  const adminToken = randomBytes(12).toString('hex');
  const base = {
    REDIS_URL: server.url,
    ADMIN_TOKEN: adminToken,
    SIMULATE: '0',
    SEED_DEMO: '0',
    LOG_LEVEL: 'warn',
    ...DEFAULT_LIMITS,
  };
  const site = await startScaledSite({ instances: 2, env: base, firstInstanceEnv: { SEED_DEMO: '1' } });
  cleanup.add('bot site', () => site.stop());
  const redis = createRedis(server.url);
  await waitUntilReady(redis);
  cleanup.add('bot redis client', async () => redis.disconnect());
  const slug = `bot-${randomBytes(4).toString('hex')}`;
  await saveProject(sampleProject(slug, 0), Date.now(), redis);

  const address = externalAddress() ?? '127.0.0.1';
  const direct = site.apps[0]!.app.baseURL;
  const tally = new Tally();
  const client = (baseURL: string, keepCookies: boolean, headers?: Record<string, string>) =>
    new BotHttp(baseURL, tally, { localAddress: address, keepCookies, headers });
  const forged = () => ({ 'x-forwarded-for': `198.51.100.${1 + Math.floor(Math.random() * 250)}` });

  progress('cross-site writes and 300 raw WebSocket upgrades …');
  const raised = async () => Number((await redis.hget(projectKeys.info(slug), 'raised')) ?? 0);
  const crossSite = await crossSiteWrites(site.url, slug, raised, address);
  const raw = await rawSockets(site.url, address);

  // Issue 24: once 100 players had a perfect game, every later one was told `rank: null` for good.
  // The all time board starts that way, so each perfect game of the bot must be told the shared
  // first place there, without a row; today's and this week's keep their room, for the rows cap.
  const perfect =
    QUESTIONS_PER_SESSION * (POINTS_PER_ANSWER + MAX_SPEED_BONUS - Math.floor(answerFloorMs() / MS_PER_BONUS_POINT));
  const boards = { redis, keys: boardKeys(), size: BOARD_SIZE, now: Date.now };
  for (let n = 0; n < BOARD_SIZE; n++)
    await addBenchEntry({ id: `ace-${n}`, name: `Ace ${n}`, score: perfect, date: Date.now() }, boards, true);

  progress(`reference session (every answer right, 1 s after each reveal) …`);
  const reference = await playGame(new BotHttp(direct, new Tally(), { keepCookies: true }), {
    delayMs: 1_000,
    name: null,
  });
  const deadline = Date.now() + minutes * 60_000;
  const running = () => Date.now() < deadline;
  progress(`playing for ${minutes} min from ${address} …`);

  const games = { started: 0, refused: 0, scores: [] as number[], players: new Set<string>(), cookiesPlayed: 0 };
  const none = { day: 0, week: 0, all: 0 };
  const ties: TieResult = {
    perfect: 0,
    score: perfect,
    ranked: { ...none },
    rows: { ...none },
    best: null,
    sharedBy: 0,
    unrankedThresholds: [],
  };
  const placedAt = ({ score, placed }: { score: number; placed?: Placed }) => {
    if (!placed || score !== perfect) return;
    ties.perfect++;
    for (const period of BOARDS) {
      if (placed.ranks[period] !== null) ties.ranked[period]++;
      if (placed.listed[period]) ties.rows[period]++;
    }
    if (placed.rank === null) {
      ties.unrankedThresholds.push(placed.threshold);
      return;
    }
    ties.best = Math.min(ties.best ?? placed.rank, placed.rank);
    ties.sharedBy = Math.max(ties.sharedBy, placed.sharedBy.all);
  };
  /** Whether the game started; a refused start waits a little before the next try. */
  const played = async (game: Awaited<ReturnType<typeof playGame>>) => {
    if (!game.started) {
      games.refused++;
      await sleep(500);
      return false;
    }
    games.started++;
    games.scores.push(game.score);
    if (game.player) games.players.add(game.player);
    placedAt(game);
    return true;
  };
  const quizLoop = async (keepCookies: boolean) => {
    const jar = client(site.url, true);
    for (let n = 0; running(); n++) {
      const http = keepCookies ? jar : client(site.url, false);
      await played(await playGame(http, { cheat: true, name: `bot-${keepCookies ? 'jar' : 'new'}-${n}` }));
    }
  };
  // Each cookie the page loads collected, played as a player of its own, a plain game each (the
  // fewest writes a game can take): the way to more rows that the per-network cap is there for.
  const cookiesLoop = async () => {
    while (running()) {
      const cookie = pool[games.cookiesPlayed];
      if (!cookie) {
        await sleep(500);
        continue;
      }
      const http = client(site.url, true);
      http.cookie = cookie;
      if (await played(await playGame(http, { name: `bot-cookie-${games.cookiesPlayed}` }))) games.cookiesPlayed++;
    }
  };

  const cookies = { haproxy: 0, forgedToHaproxy: 0, forgedToInstance: 0, tries: 0 };
  const pool: string[] = [];
  const cookieLoop = async () => {
    for (let n = 0; running(); n++) {
      const [channel, http] =
        n % 3 === 0
          ? (['haproxy', client(site.url, false)] as const)
          : n % 3 === 1
            ? (['forgedToHaproxy', client(site.url, false, forged())] as const)
            : (['forgedToInstance', client(direct, false, forged())] as const);
      cookies.tries++;
      await http.send('GET', `/en/projects/${slug}`);
      if (http.cookie) {
        cookies[channel]++;
        pool.push(http.cookie);
      }
      await sleep(200);
    }
  };

  const sockets = { opened: 0, refused: 0, sockets: [] as { close(): void }[] };
  const socketLoop = async () => {
    for (let n = 0; running() && n < 400; n++) {
      const socket = io(n % 4 === 3 ? direct : site.url, {
        transports: ['websocket'],
        localAddress: address,
        extraHeaders: { ...(pool.length ? { cookie: pool[n % pool.length]! } : {}), ...(n % 4 === 3 ? forged() : {}) },
        reconnection: false,
        forceNew: true,
      } as Parameters<typeof io>[1]);
      const connected = await new Promise<boolean>((resolve) => {
        socket.once('connect', () => resolve(true));
        socket.once('connect_error', () => resolve(false));
        setTimeout(() => resolve(false), 10_000);
      });
      if (connected) {
        sockets.opened++;
        sockets.sockets.push(socket);
        socket.emit('project:watch', { slug }, () => undefined);
      } else {
        sockets.refused++;
        socket.close();
      }
      await sleep(100);
    }
  };

  await Promise.all([quizLoop(true), quizLoop(false), cookiesLoop(), cookieLoop(), socketLoop()]);
  await sleep(1_000);
  const viewers = (await readLiveSnapshot(slug, { redis, windows: DEFAULT_WINDOWS, now: Date.now })).visitors.count;
  sockets.sockets.forEach((socket) => socket.close());

  const rows = {} as BotRow['rows'];
  for (const period of BOARDS) {
    const board = await new BotHttp(direct, new Tally(), { keepCookies: false }).send(
      'GET',
      `/api/leaderboard?period=${period}&limit=100`,
    );
    // The bot's rows are its players' (the ids its submits answered), whatever they were named.
    rows[period] = ((board.json ?? []) as { player: string }[]).filter((entry) =>
      games.players.has(entry.player),
    ).length;
  }
  const statuses = [...tally.byStatus]
    .toSorted(([a], [b]) => a - b)
    .map(([status, n]) => `${status}: ${n}`)
    .join(', ');
  return {
    minutes,
    address,
    rows,
    best: Math.max(0, ...games.scores),
    reference: reference.started ? reference.score : 0,
    viewers,
    socketCap: ADDRESS_LIMITS.sockets.points,
    crossSite,
    rawSockets: raw,
    ties,
    serverErrors: tally.serverErrors,
    details: [
      `quiz games started ${games.started}, refused ${games.refused}; ${games.players.size} players submitted; ${games.cookiesPlayed} games played with the cookies the page loads collected`,
      `new cookies: ${cookies.haproxy} plain, ${cookies.forgedToHaproxy} forging X-Forwarded-For to HAProxy, ${cookies.forgedToInstance} forging it to an instance, of ${cookies.tries} page loads`,
      `sockets: ${sockets.opened} opened, ${sockets.refused} refused`,
      `cross-site writes (Origin https://evil.example, text/plain): ${crossSite.refused} of ${crossSite.tries} refused with 403`,
      `raw WebSocket upgrades never joining a namespace: ${raw.held} held and ${raw.refused} refused of ${raw.tries}; the app closed ${raw.closedByServer} of the ${raw.held} itself`,
      `its ${ties.perfect} perfect games (${perfect}) on today's and this week's boards, which had room: ranked ${ties.ranked.day} and ${ties.ranked.week}, rows taken ${ties.rows.day} and ${ties.rows.week}; a player past their network's rows ranks there only by beating one of them`,
      `answers by status: ${statuses} (400 and 409: answers to questions not revealed, or not in the session, and second answers, refused)`,
      ...(reference.started && reference.elapsedMs.length
        ? [
            `the reference's answers reached the server ${Math.min(...reference.elapsedMs)}–${Math.max(...reference.elapsedMs)} ms after each reveal (1 s plus its own round trip)`,
          ]
        : []),
      ...(address === '127.0.0.1'
        ? [
            'no non-loopback address here: the bot shares loopback with HAProxy, so forging to an instance is not a fair trial',
          ]
        : []),
    ],
  };
}

export function formatBotRow(row: BotRow): string {
  const met = (ok: boolean) => (ok ? 'yes' : 'NO');
  const rows = BOARDS.map((period) => `${period} ${row.rows[period]}`).join(', ');
  const { ties } = row;
  const allRanked = ties.ranked.all;
  // The freeze: a full board (threshold above 0) whose last place the score reached, yet no rank.
  const frozen = ties.unrankedThresholds.filter((threshold) => threshold > 0 && threshold <= ties.score).length;
  const lines = [
    `| bot (${row.minutes} min, one address, default limits) | measured | target | met? |`,
    '|---|---|---|---|',
    `| rows it holds per board | ${rows} | ≤ 5 each | ${met(BOARDS.every((period) => row.rows[period] <= 5))} |`,
    `| best score vs every answer right 1 s after its reveal | ${row.best} vs ${row.reference} | not higher | ${met(row.best <= row.reference)} |`,
    `| viewers it adds | ${row.viewers} | ≤ ${row.socketCap} (sockets per address) | ${met(row.viewers <= row.socketCap)} |`,
    `| cross-site writes: total raised, visitor cookies given | ${row.crossSite.raisedBy}, ${row.crossSite.cookiesGiven} (of ${row.crossSite.tries}) | 0, 0 | ${met(row.crossSite.raisedBy === 0 && row.crossSite.cookiesGiven === 0)} |`,
    `| raw upgrades held at once, of ${row.rawSockets.tries} | ${row.rawSockets.held} | ≤ ${row.socketCap} | ${met(row.rawSockets.held <= row.socketCap)} |`,
    `| held ones closed by the app for joining no namespace | ${row.rawSockets.closedByServer} of ${row.rawSockets.held} | all | ${met(row.rawSockets.closedByServer === row.rawSockets.held)} |`,
    `| its perfect games on the all time board, full of ${BOARD_SIZE} perfect games: told a rank | ${allRanked} of ${ties.perfect}; best ${ties.best ?? '—'}, shared by up to ${ties.sharedBy}; rows taken ${ties.rows.all} | all, 1st, no row | ${met(ties.perfect > 0 && allRanked === ties.perfect && ties.best === 1 && ties.rows.all === 0)} |`,
    `| of them told \`rank: null\` on a full board whose last place they reached (the frozen board) | ${frozen} | 0 | ${met(frozen === 0)} |`,
    `| 5xx | ${row.serverErrors} | 0 | ${met(row.serverErrors === 0)} |`,
  ];
  return lines.join('\n');
}

/** What the run saw besides the table: printed, not written into the docs. */
export const formatBotDetails = (row: BotRow) => row.details.map((detail) => `- ${detail}`).join('\n');
