import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { ProgramNotFoundError, type Environment } from '../lib/programs';
import { check, detectPlatform, inspect, type Finding, type Platform, type Report } from './setup/requirements';

const INSTALL: Record<Exclude<Platform, 'other'>, string> = {
  debian: 'sudo apt-get install -y',
  ubuntu: 'sudo apt-get install -y',
  fedora: 'sudo dnf install -y',
  // Chromium and the CJK fonts are in EPEL, not in RHEL's own repositories.
  rhel: 'sudo dnf install -y epel-release && sudo dnf install -y',
  macos: 'brew install',
};

/** What is wrong and how to fix it on this platform, as lines for a person; nothing when all is well. */
export function explain(findings: readonly Finding[], platform: Platform, env: Environment = process.env): string {
  if (findings.length === 0) return '';
  const lines = findings.map((finding) =>
    finding.problem === 'missing'
      ? `Missing: ${finding.parts ?? finding.requirement.label}.`
      : `Too old: ${finding.requirement.label} ${finding.version} at ${finding.file}; ${finding.requirement.minimum!.version.join('.')} or newer is needed (${finding.requirement.minimum!.why}).`,
  );
  if (platform !== 'other') {
    const packages = [...new Set(findings.flatMap(({ requirement }) => requirement.packages(platform, env)))];
    if (packages.length > 0) lines.push(`Install with:\n  ${INSTALL[platform]} ${packages.join(' ')}`);
  } else
    lines.push(
      `Install ${findings.map(({ requirement }) => requirement.label).join(', ')} with your system's package manager.`,
    );
  for (const { requirement } of findings) {
    const alternative = requirement.alternative?.(platform);
    if (alternative)
      lines.push(
        `For ${requirement.label}, ${platform === 'ubuntu' && requirement.packages(platform, env).length === 0 ? 'use' : 'instead'}: ${alternative}`,
      );
  }
  const variables = findings.flatMap(({ requirement }) => (requirement.variable ? [requirement.variable] : []));
  if (variables.length > 0) lines.push(`Installed somewhere else? Set ${variables.join(', ')} to its path.`);
  return lines.join('\n');
}

/** The requirements found, one row each: name, version, where. */
export function foundRows(reports: readonly Report[]): string[][] {
  return reports
    .filter(({ found, finding }) => found && !finding)
    .map(({ requirement, found }) => [
      requirement.name,
      [found!.note, found!.version].filter(Boolean).join(' ') || '-',
      found!.file,
    ]);
}

/** Rows as aligned columns, each line starting "ok". */
export function table(rows: readonly string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) => `ok  ${row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ')}`.trimEnd())
    .join('\n');
}

export function currentPlatform(): Platform {
  let osRelease = '';
  try {
    osRelease = readFileSync('/etc/os-release', 'utf8');
  } catch {
    // Not Linux, or a Linux without it: the platform is then macOS or 'other'.
  }
  return detectPlatform(process.platform, osRelease);
}

const canApt = () => process.getuid?.() === 0 && spawnSync('sh', ['-c', 'command -v apt-get']).status === 0;

/** Prints the one line of a ProgramNotFoundError and exits 1; rethrows anything else. */
export function exitOnProgramNotFound(error: unknown): never {
  if (!(error instanceof ProgramNotFoundError)) throw error;
  console.error(error.message);
  process.exit(1);
}

/** For a test tier: what it starts must be here, else `npm run doctor`'s own lines and exit status 1, no stack trace. */
export function requireOrExit(names: readonly string[]): void {
  try {
    const findings = check(names, process.env, currentPlatform());
    if (findings.length === 0) return;
    console.error(explain(findings, currentPlatform()));
    process.exit(1);
  } catch (error) {
    exitOnProgramNotFound(error);
  }
}

/**
 * Checks what `names` need (see REQUIREMENTS) and, as root on Debian or Ubuntu, installs what is
 * missing with apt-get; otherwise prints what to run on this platform and exits 1. Returns what was found.
 */
export function ensureSystemPackages(names: readonly string[], env: Environment = process.env): Report[] {
  const platform = currentPlatform();
  let reports: Report[];
  try {
    reports = inspect(names, env, platform);
    const missing = reports.filter(({ finding }) => finding?.problem === 'missing');
    const pkgs =
      platform === 'debian' || platform === 'ubuntu'
        ? [...new Set(missing.flatMap(({ requirement }) => requirement.packages(platform, env)))]
        : [];
    if (pkgs.length > 0 && canApt()) {
      console.log(`Installing ${pkgs.join(', ')} with apt-get …`);
      const aptEnv = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env: aptEnv });
      execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...pkgs], {
        stdio: 'inherit',
        env: aptEnv,
      });
      reports = inspect(names, env, platform);
    }
  } catch (error) {
    exitOnProgramNotFound(error);
  }
  const findings = reports.flatMap(({ finding }) => (finding ? [finding] : []));
  if (findings.length === 0) return reports;
  console.error(explain(findings, platform, env));
  process.exit(1);
}
