import { spawnSync } from 'node:child_process';
import { findProgram, PROGRAMS, type Environment } from '../../lib/programs';
import { CHROMIUM, chromiumPath } from '../chromium';

/** Where a missing requirement comes from: one package manager per platform the project knows. */
export type Platform = 'debian' | 'fedora' | 'macos' | 'other';
type Packages = Record<Exclude<Platform, 'other'>, readonly string[]>;

export type Requirement = {
  /** What `npm test` and the demos call it: `redis-server`, `chromium`, `haproxy`, `fonts`. */
  name: string;
  /** The variable that names its path, said in the message when it is missing. */
  variable?: string;
  /** Its path, `true` for something found that has no one path (fonts), or undefined when missing. */
  find(env: Environment, platform: Platform): string | true | undefined;
  /** The oldest major.minor that works, how to read a found one's, and why that one. */
  minimum?: { version: readonly [number, number]; read: (file: string) => string | undefined; why: string };
  packages: Packages;
  /** Another way to get it, on any platform. */
  alternative?: string;
};

function versionOf(file: string, args: string[], pattern: RegExp): string | undefined {
  const run = spawnSync(file, args, { encoding: 'utf8', timeout: 30_000 });
  return pattern.exec(`${run.stdout ?? ''}${run.stderr ?? ''}`)?.[1];
}

/** The scripts of languages the demo's names are written in: with no font for one, Chromium draws empty boxes. */
const FONT_LANGUAGES = ['ja', 'ko', 'zh-cn', 'ar'];

function hasFonts(env: Environment, platform: Platform): true | undefined {
  // macOS ships fonts for every one of them, and has no fc-list unless Homebrew's fontconfig is there.
  if (platform === 'macos') return true;
  const covered = FONT_LANGUAGES.every((lang) => {
    const run = spawnSync('fc-list', [`:lang=${lang}`, 'family'], { encoding: 'utf8', env: { ...env } as NodeJS.ProcessEnv, timeout: 30_000 });
    return run.status === 0 && run.stdout.trim() !== '';
  });
  return covered || undefined;
}

export const REQUIREMENTS: readonly Requirement[] = [
  {
    name: 'redis-server',
    variable: `${PROGRAMS['redis-server'].env}, ${PROGRAMS['redis-cli'].env}`,
    find: (env) => {
      const server = findProgram('redis-server', PROGRAMS['redis-server'], env);
      return server && findProgram('redis-cli', PROGRAMS['redis-cli'], env) ? server : undefined;
    },
    minimum: { version: [7, 0], read: (file) => versionOf(file, ['--version'], /v=(\d+\.\d+\.\d+)/), why: 'sharded pub/sub and script flags' },
    packages: { debian: ['redis-server'], fedora: ['redis'], macos: ['redis'] },
  },
  {
    name: 'chromium',
    variable: CHROMIUM.env,
    find: (env) => chromiumPath(env),
    minimum: { version: [136, 0], read: (file) => versionOf(file, ['--version'], /(\d+\.\d+\.\d+\.\d+)/), why: "the pinned Playwright's protocol and V8's compile hints" },
    packages: { debian: ['chromium'], fedora: ['chromium'], macos: [] },
    alternative: 'npx playwright install chromium',
  },
  {
    name: 'haproxy',
    variable: PROGRAMS.haproxy.env,
    find: (env) => findProgram('haproxy', PROGRAMS.haproxy, env),
    minimum: { version: [2, 6], read: (file) => versionOf(file, ['-v'], /version (\d+\.\d+\.\d+)/), why: 'the LTS its configuration is tested on' },
    packages: { debian: ['haproxy'], fedora: ['haproxy'], macos: ['haproxy'] },
  },
  {
    name: 'fonts',
    find: hasFonts,
    packages: { debian: ['fontconfig', 'fonts-noto-cjk', 'fonts-dejavu-core'], fedora: ['fontconfig', 'google-noto-sans-cjk-fonts', 'dejavu-sans-fonts'], macos: [] },
  },
];

/** The platform, from Node's and /etc/os-release's words (ID and ID_LIKE). */
export function detectPlatform(nodePlatform: NodeJS.Platform, osRelease: string): Platform {
  if (nodePlatform === 'darwin') return 'macos';
  const ids = [...osRelease.matchAll(/^(?:ID|ID_LIKE)="?([^"\n]+)"?$/gm)].flatMap(([, value]) => value!.split(' '));
  if (ids.some((id) => id === 'debian' || id === 'ubuntu')) return 'debian';
  if (ids.some((id) => id === 'fedora' || id === 'rhel' || id === 'centos')) return 'fedora';
  return 'other';
}

export type Finding = { requirement: Requirement; problem: 'missing' } | { requirement: Requirement; problem: 'too old'; file: string; version: string };

const older = (version: string, [major, minor]: readonly [number, number]) => {
  const [foundMajor = 0, foundMinor = 0] = version.split('.').map(Number);
  return foundMajor < major || (foundMajor === major && foundMinor < minor);
};

/** What is wrong with each named requirement; an empty list when all are there and new enough. */
export function check(names: readonly string[], env: Environment, platform: Platform): Finding[] {
  const findings: Finding[] = [];
  for (const name of names) {
    const requirement = REQUIREMENTS.find((candidate) => candidate.name === name);
    if (!requirement) throw new Error(`unknown requirement ${name}: one of ${REQUIREMENTS.map((known) => known.name).join(', ')}`);
    const found = requirement.find(env, platform);
    if (!found) findings.push({ requirement, problem: 'missing' });
    else if (found !== true && requirement.minimum) {
      const version = requirement.minimum.read(found) ?? '0.0';
      if (older(version, requirement.minimum.version)) findings.push({ requirement, problem: 'too old', file: found, version });
    }
  }
  return findings;
}
