import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { foldingConfigFromEnv } from '../../lib/folding/config';
import { ADDRESS_LIMITS, checkLimitSettings, limitPoints } from '../../lib/limits/address-limits';
import { BURST_COOLDOWN_SECONDS, limitWrites, writesPerMinute } from '../../lib/http/rate-limit';
import { SOCKET_EVENTS_PER_WINDOW, SOCKET_EVENTS_WINDOW_S } from '../../lib/realtime/socket-limits';
import { KINDS } from '../../lib/live-events/kinds';
import { windowsFromEnv } from '../../lib/live-events/windows';
import { timelineCapFromEnv } from '../../lib/timeline/config';
import { answerFloorMs } from '../../lib/quiz/scoring';
import { ensureVisitorSecret } from '../../lib/visitors/cookie';
import { checkSettings, ConfigError, settingProblems } from '../../lib/config';

/** docs/configuration.md: the defaults of its table, and the settings it says are refused at start. */
const saved = { ...process.env };
const noEnv = {} as NodeJS.ProcessEnv;
afterEach(() => {
  for (const name of ['VISITOR_SECRET', 'RATE_LIMIT_PER_MIN']) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

describe('configuration', () => {
  it('defaults as the table says: windows 24 h / 30 min / 24 h / 60 s, TIMELINE_CAP 100, RATE_LIMIT_PER_MIN 120, folding 5 s / 60 s / 30 s / 6 shards', () => {
    // Each kind's window is its descriptor's default: a kind added to KINDS needs no edit here.
    expect(windowsFromEnv(noEnv)).toEqual(Object.fromEntries(KINDS.map((kind) => [kind.name, kind.windowMs])));
    expect(windowsFromEnv(noEnv)).toMatchObject({
      contributions: 86_400_000,
      contributors: 1_800_000,
      news: 86_400_000,
      visitors: 60_000,
    });
    expect(timelineCapFromEnv(noEnv)).toBe(100);
    delete process.env.RATE_LIMIT_PER_MIN;
    expect(writesPerMinute()).toBe(120);
    expect(foldingConfigFromEnv({})).toMatchObject({ windowMs: 5_000, maxWaitMs: 60_000, leaseMs: 30_000, shards: 6 });
  });

  it('QUIZ_ANSWER_FLOOR_MS: 1250 by default, 0 to 20000 ms, anything else refused', () => {
    expect(answerFloorMs(noEnv)).toBe(1_250);
    expect(answerFloorMs({ QUIZ_ANSWER_FLOOR_MS: '1500' } as unknown as NodeJS.ProcessEnv)).toBe(1_500);
    for (const refused of ['-1', '20001', 'soon'])
      expect(() => answerFloorMs({ QUIZ_ANSWER_FLOOR_MS: refused } as unknown as NodeJS.ProcessEnv)).toThrow();
  });

  // The tests of these limits (tests/hostile/) use the constants; here they are held to the figures docs/reliability.md and docs/api.md state.
  it('the limits as the docs state them: 20 socket events per 10 s per socket, one burst per 10 s, and the per-address table', () => {
    expect([SOCKET_EVENTS_PER_WINDOW, SOCKET_EVENTS_WINDOW_S]).toEqual([20, 10]);
    expect(BURST_COOLDOWN_SECONDS).toBe(10);
    const table = Object.entries(ADDRESS_LIMITS).map(([name, { variable, points, seconds }]) => [
      name,
      variable,
      points,
      seconds,
    ]);
    expect(table).toEqual([
      ['writes', 'RATE_LIMIT_PER_MIN', 120, 60],
      ['new-visitor-ids', 'RATE_LIMIT_NEW_VISITORS_PER_HOUR', 60, 3_600],
      ['quiz-starts', 'RATE_LIMIT_QUIZ_STARTS_PER_HOUR', 120, 3_600],
      ['reads', 'RATE_LIMIT_READS_PER_MIN', 600, 60],
      ['socket-events', 'RATE_LIMIT_SOCKET_EVENTS_PER_MIN', 600, 60],
      ['failed-tokens', 'RATE_LIMIT_FAILED_TOKENS_PER_HOUR', 30, 3_600],
      ['sockets', 'RATE_LIMIT_SOCKETS_PER_ADDRESS', 60, 0],
      ['rows-per-network', 'LEADERBOARD_ROWS_PER_NETWORK', 5, 0],
    ]);
    delete process.env.RATE_LIMIT_PER_MIN; // vitest.config.mts turns the limits off for the other files
    for (const [name, { variable, points }] of Object.entries(ADDRESS_LIMITS)) {
      delete process.env[variable];
      expect(limitPoints(name as keyof typeof ADDRESS_LIMITS)).toBe(points);
    }
  });

  it('a per-address limit read from its variable; RATE_LIMIT_PER_MIN=0 turns every one off; a malformed one stops the start', () => {
    delete process.env.RATE_LIMIT_PER_MIN;
    process.env.RATE_LIMIT_SOCKETS_PER_ADDRESS = '7';
    expect(limitPoints('sockets')).toBe(7);
    process.env.RATE_LIMIT_PER_MIN = '0';
    for (const name of Object.keys(ADDRESS_LIMITS)) expect(limitPoints(name as keyof typeof ADDRESS_LIMITS)).toBe(0);
    delete process.env.RATE_LIMIT_PER_MIN;
    process.env.RATE_LIMIT_SOCKETS_PER_ADDRESS = 'many';
    expect(() => checkLimitSettings()).toThrow();
    delete process.env.RATE_LIMIT_SOCKETS_PER_ADDRESS;
  });

  it('RATE_LIMIT_PER_MIN=0 turns the write limit off', async () => {
    process.env.RATE_LIMIT_PER_MIN = '0';
    const request = new Request('http://x/', { headers: { 'x-crowdpulse-client-address': 'one-busy-client' } });
    for (let i = 0; i < 300; i++) await limitWrites(request);
  });

  it('VISITOR_SECRET (and VISITOR_SECRET_PREVIOUS) must be at least 32 characters; made up outside production only', () => {
    expect(() => ensureVisitorSecret({ VISITOR_SECRET: 'x'.repeat(31) })).toThrow(
      /VISITOR_SECRET must be at least 32 characters/,
    );
    expect(() => ensureVisitorSecret({ VISITOR_SECRET: 'x'.repeat(32) })).not.toThrow();
    expect(() => ensureVisitorSecret({ VISITOR_SECRET: 'x'.repeat(32), VISITOR_SECRET_PREVIOUS: 'short' })).toThrow(
      /VISITOR_SECRET_PREVIOUS must be at least 32/,
    );
    expect(() => ensureVisitorSecret({ NODE_ENV: 'production' })).toThrow(/refuses to run without VISITOR_SECRET/);
    const development: Record<string, string | undefined> = { NODE_ENV: 'development' };
    ensureVisitorSecret(development);
    expect(development.VISITOR_SECRET!.length).toBeGreaterThanOrEqual(32); // made up at start
  });

  it('the start names every malformed setting, one line each, and never prints a secret (lib/config.ts)', () => {
    const env = { TIMELINE_CAP: 'many', SIMULATE: 'yes', ADMIN_TOKEN: 'short-admin-token', FOLD_SHARDS: '6', PORT: '' };
    expect(settingProblems(env)).toEqual([
      expect.stringMatching(/^ADMIN_TOKEN has 17 characters; it must have at least 24/),
      expect.stringMatching(/^TIMELINE_CAP="many": /),
      expect.stringMatching(/^SIMULATE="yes": must be 0 or 1$/),
    ]);
    expect(() => checkSettings(env)).toThrow(ConfigError);
    expect(settingProblems(env).join('\n')).not.toContain('short-admin-token');
    expect(settingProblems({})).toEqual([]);
  });

  it('demo:cluster refuses INSTANCES above 16 before starting anything', () => {
    const tsx = path.join('node_modules', '.bin', 'tsx');
    const run = spawnSync(tsx, ['scripts/demo-cluster.ts'], {
      env: { ...process.env, INSTANCES: '17' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('INSTANCES');
    expect(run.stdout).not.toContain('Starting');
  });

  it('npm run demo / npm test: a variable naming a program that is not there is one clear line, not a stack trace', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/doctor.ts', 'redis-server', 'haproxy'], {
      env: { ...process.env, HAPROXY_PATH: '/nonexistent/haproxy' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe('HAPROXY_PATH=/nonexistent/haproxy: no executable haproxy there\n');
  });
});
