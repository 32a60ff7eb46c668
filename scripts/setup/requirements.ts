import { spawnSync } from 'node:child_process';
import { findProgram, PROGRAMS, type Environment } from '../../lib/programs';
import { CHROMIUM, chromiumPath } from '../chromium';

/**
 * Where a missing requirement comes from: one package manager per platform the project knows.
 * Ubuntu is Debian but for Chromium, which its apt package only wraps as a snap; RHEL and its
 * rebuilds are Fedora's dnf with EPEL added, where Chromium and the CJK fonts live.
 */
export type Platform = 'debian' | 'ubuntu' | 'fedora' | 'rhel' | 'macos' | 'other';
type Packages = Record<Exclude<Platform, 'other'>, readonly string[]>;

/** What was found for a requirement: its path (or a description where it has none, as fonts), and its version when it has one. */
export type Found = { file: string; version?: string; note?: string };

export type Requirement = {
  /** What `npm test` and the demos call it: `redis-server`, `chromium`, `haproxy`, `fonts`. */
  name: string;
  /** How a person reads it in a message. */
  label: string;
  /** The variable that names its path, said in the message when it is missing. */
  variable?: string;
  /** What was found, or undefined when missing. `packages` then narrows to what is missing of it. */
  find(env: Environment, platform: Platform): Found | undefined;
  /** The oldest major.minor that works, and why that one. */
  minimum?: { version: readonly [number, number]; why: string };
  /** The packages that bring it; for a requirement made of parts (fonts), those for the parts missing. */
  packages(platform: Exclude<Platform, 'other'>, env: Environment): readonly string[];
  /** What of it is missing, for a requirement made of parts; its label otherwise. */
  missingParts?: (env: Environment) => string;
  /** Another way to get it, on any platform (or on this one). */
  alternative?: (platform: Platform) => string | undefined;
};

function versionOf(file: string, args: string[], pattern: RegExp): string | undefined {
  const run = spawnSync(file, args, { encoding: 'utf8', timeout: 30_000 });
  return pattern.exec(`${run.stdout ?? ''}${run.stderr ?? ''}`)?.[1];
}

function output(file: string, args: string[]): string {
  const run = spawnSync(file, args, { encoding: 'utf8', timeout: 30_000 });
  return `${run.stdout ?? ''}${run.stderr ?? ''}`;
}

/** The scripts the demo's names are written in, with the packages that draw each: without one, Chromium draws empty boxes. */
const SCRIPTS = [
  { lang: 'ja', name: 'Japanese', cjk: true },
  { lang: 'ko', name: 'Korean', cjk: true },
  { lang: 'zh-cn', name: 'Chinese', cjk: true },
  { lang: 'ar', name: 'Arabic', cjk: false },
] as const;
const FONT_PACKAGES: Record<'cjk' | 'arabic' | 'fontconfig', Packages> = {
  fontconfig: {
    debian: ['fontconfig'],
    ubuntu: ['fontconfig'],
    fedora: ['fontconfig'],
    rhel: ['fontconfig'],
    macos: [],
  },
  cjk: {
    debian: ['fonts-noto-cjk'],
    ubuntu: ['fonts-noto-cjk'],
    fedora: ['google-noto-sans-cjk-fonts'],
    rhel: ['google-noto-sans-cjk-ttc-fonts'],
    macos: [],
  },
  arabic: {
    debian: ['fonts-dejavu-core'],
    ubuntu: ['fonts-dejavu-core'],
    fedora: ['dejavu-sans-fonts'],
    rhel: ['dejavu-sans-fonts'],
    macos: [],
  },
};

/** The scripts fc-list knows no font for; all of them when there is no fc-list. */
export function scriptsWithoutFonts(env: Environment): (typeof SCRIPTS)[number][] {
  return SCRIPTS.filter(({ lang }) => {
    const run = spawnSync('fc-list', [`:lang=${lang}`, 'family'], {
      encoding: 'utf8',
      env: { ...env } as NodeJS.ProcessEnv,
      timeout: 30_000,
    });
    return run.status !== 0 || run.stdout.trim() === '';
  });
}
const hasFcList = (env: Environment) =>
  spawnSync('fc-list', ['--version'], { env: { ...env } as NodeJS.ProcessEnv }).status === 0;

const REDIS_VERSION = /v=(\d+\.\d+\.\d+)/;

export const REQUIREMENTS: readonly Requirement[] = [
  {
    name: 'redis-server',
    label: 'redis-server',
    variable: `${PROGRAMS['redis-server'].env}, ${PROGRAMS['redis-cli'].env}`,
    find: (env) => {
      const server = findProgram('redis-server', PROGRAMS['redis-server'], env);
      if (!server || !findProgram('redis-cli', PROGRAMS['redis-cli'], env)) return undefined;
      const said = output(server, ['--version']);
      // Fedora 41's `redis` is Valkey (valkey-compat-redis): the same protocol and scripts, its own version numbers.
      return {
        file: server,
        version: REDIS_VERSION.exec(said)?.[1],
        note: /valkey/i.test(said) ? 'Valkey' : undefined,
      };
    },
    minimum: { version: [7, 0], why: 'sharded pub/sub and script flags' },
    packages: (platform) =>
      ({ debian: ['redis-server'], ubuntu: ['redis-server'], fedora: ['redis'], rhel: ['redis'], macos: ['redis'] })[
        platform
      ],
  },
  {
    name: 'chromium',
    label: 'Chromium',
    variable: CHROMIUM.env,
    find: (env) => {
      const file = chromiumPath(env);
      return file ? { file, version: versionOf(file, ['--version'], /(\d+\.\d+\.\d+\.\d+)/) } : undefined;
    },
    minimum: { version: [136, 0], why: "the pinned Playwright's protocol and V8's compile hints" },
    // Ubuntu's apt `chromium` installs a snap, which a container or CI runner often cannot run: Playwright's own browser is the way there.
    packages: (platform) =>
      ({ debian: ['chromium'], ubuntu: [], fedora: ['chromium'], rhel: ['chromium'], macos: [] })[platform],
    alternative: (platform) =>
      platform === 'ubuntu'
        ? "npx playwright install chromium (Ubuntu's chromium package is a snap: `sudo snap install chromium` works where snaps run)"
        : 'npx playwright install chromium',
  },
  {
    name: 'haproxy',
    label: 'haproxy',
    variable: PROGRAMS.haproxy.env,
    find: (env) => {
      const file = findProgram('haproxy', PROGRAMS.haproxy, env);
      return file ? { file, version: versionOf(file, ['-v'], /version (\d+\.\d+\.\d+)/) } : undefined;
    },
    minimum: { version: [2, 6], why: 'the LTS its configuration is tested on' },
    packages: (platform) =>
      ({ debian: ['haproxy'], ubuntu: ['haproxy'], fedora: ['haproxy'], rhel: ['haproxy'], macos: ['haproxy'] })[
        platform
      ],
  },
  {
    name: 'fonts',
    label: 'fonts for Japanese, Korean, Chinese and Arabic',
    missingParts: (env) => {
      const missing = scriptsWithoutFonts(env);
      const cjk = missing.filter(({ cjk }) => cjk).map(({ name }) => name);
      return [cjk.length > 0 && `CJK fonts (${cjk.join(', ')})`, missing.some(({ cjk }) => !cjk) && 'an Arabic font']
        .filter(Boolean)
        .join(' and ');
    },
    find: (env, platform) => {
      // macOS ships fonts for every one of them, and has no fc-list unless Homebrew's fontconfig is there.
      if (platform === 'macos') return { file: 'macOS system fonts' };
      const missing = scriptsWithoutFonts(env);
      return missing.length === 0 ? { file: `fc-list knows ${SCRIPTS.map(({ name }) => name).join(', ')}` } : undefined;
    },
    packages: (platform, env) => {
      const missing = scriptsWithoutFonts(env);
      return [
        ...(hasFcList(env) ? [] : FONT_PACKAGES.fontconfig[platform]),
        ...(missing.some(({ cjk }) => cjk) ? FONT_PACKAGES.cjk[platform] : []),
        ...(missing.some(({ cjk }) => !cjk) ? FONT_PACKAGES.arabic[platform] : []),
      ];
    },
  },
];

/** The platform, from Node's and /etc/os-release's words (ID and ID_LIKE). */
export function detectPlatform(nodePlatform: NodeJS.Platform, osRelease: string): Platform {
  if (nodePlatform === 'darwin') return 'macos';
  const ids = [...osRelease.matchAll(/^(?:ID|ID_LIKE)="?([^"\n]+)"?$/gm)].flatMap(([, value]) => value!.split(' '));
  if (ids.includes('ubuntu')) return 'ubuntu';
  if (ids.includes('debian')) return 'debian';
  if (ids.some((id) => id === 'rhel' || id === 'centos')) return 'rhel';
  if (ids.includes('fedora')) return 'fedora';
  return 'other';
}

export type Finding =
  | { requirement: Requirement; problem: 'missing'; parts?: string }
  | { requirement: Requirement; problem: 'too old'; file: string; version: string };
export type Report = { requirement: Requirement; found?: Found; finding?: Finding };

const older = (version: string, [major, minor]: readonly [number, number]) => {
  const [foundMajor = 0, foundMinor = 0] = version.split('.').map(Number);
  return foundMajor < major || (foundMajor === major && foundMinor < minor);
};

const requirementNamed = (name: string) => {
  const requirement = REQUIREMENTS.find((candidate) => candidate.name === name);
  if (!requirement)
    throw new Error(`unknown requirement ${name}: one of ${REQUIREMENTS.map((known) => known.name).join(', ')}`);
  return requirement;
};

/** What was found of each named requirement, and what is wrong with it if anything. */
export function inspect(names: readonly string[], env: Environment, platform: Platform): Report[] {
  return names.map(requirementNamed).map((requirement) => {
    const found = requirement.find(env, platform);
    if (!found)
      return { requirement, finding: { requirement, problem: 'missing', parts: requirement.missingParts?.(env) } };
    const version = found.version ?? '0.0';
    if (requirement.minimum && older(version, requirement.minimum.version)) {
      return { requirement, found, finding: { requirement, problem: 'too old', file: found.file, version } };
    }
    return { requirement, found };
  });
}

/** What is wrong with each named requirement; an empty list when all are there and new enough. */
export function check(names: readonly string[], env: Environment, platform: Platform): Finding[] {
  return inspect(names, env, platform).flatMap(({ finding }) => (finding ? [finding] : []));
}
