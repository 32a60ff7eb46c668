import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { ProgramNotFoundError, type Environment } from '../lib/programs';
import { check, detectPlatform, type Finding, type Platform } from './setup/requirements';

const INSTALL: Record<Exclude<Platform, 'other'>, string> = {
  debian: 'sudo apt-get install -y',
  fedora: 'sudo dnf install -y',
  macos: 'brew install',
};

/** What is wrong and how to fix it on this platform, as lines for a person; nothing when all is well. */
export function explain(findings: readonly Finding[], platform: Platform): string {
  if (findings.length === 0) return '';
  const lines = findings.map((finding) =>
    finding.problem === 'missing'
      ? `Missing: ${finding.requirement.name}.`
      : `Too old: ${finding.requirement.name} ${finding.version} at ${finding.file}; ${finding.requirement.minimum!.version.join('.')} or newer is needed (${finding.requirement.minimum!.why}).`,
  );
  if (platform !== 'other') {
    const packages = findings.flatMap(({ requirement }) => requirement.packages[platform]);
    if (packages.length > 0) lines.push(`Install with:\n  ${INSTALL[platform]} ${packages.join(' ')}`);
  } else lines.push(`Install ${findings.map(({ requirement }) => requirement.name).join(', ')} with your system's package manager.`);
  for (const { requirement } of findings) {
    if (requirement.alternative) lines.push(`For ${requirement.name}, instead: ${requirement.alternative}`);
  }
  const variables = findings.flatMap(({ requirement }) => (requirement.variable ? [requirement.variable] : []));
  if (variables.length > 0) lines.push(`Installed somewhere else? Set ${variables.join(', ')} to its path.`);
  return lines.join('\n');
}

function currentPlatform(): Platform {
  let osRelease = '';
  try {
    osRelease = readFileSync('/etc/os-release', 'utf8');
  } catch {
    // Not Linux, or a Linux without it: the platform is then macOS or 'other'.
  }
  return detectPlatform(process.platform, osRelease);
}

const canApt = () => process.getuid?.() === 0 && spawnSync('sh', ['-c', 'command -v apt-get']).status === 0;

/**
 * Checks what `names` need (see REQUIREMENTS) and, as root on Debian or Ubuntu, installs what is
 * missing with apt-get; otherwise prints what to run on this platform and exits 1.
 */
export function ensureSystemPackages(names: string[], env: Environment = process.env): void {
  const platform = currentPlatform();
  let findings: Finding[];
  try {
    findings = check(names, env, platform);
    const missing = findings.filter((finding) => finding.problem === 'missing');
    if (missing.length > 0 && platform === 'debian' && canApt()) {
      const pkgs = missing.flatMap(({ requirement }) => requirement.packages.debian);
      console.log(`Installing ${pkgs.join(', ')} with apt-get …`);
      const aptEnv = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env: aptEnv });
      execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...pkgs], { stdio: 'inherit', env: aptEnv });
      findings = check(names, env, platform);
    }
  } catch (error) {
    if (!(error instanceof ProgramNotFoundError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  if (findings.length === 0) return;
  console.error(explain(findings, platform));
  process.exit(1);
}

if (require.main === module) ensureSystemPackages(process.argv.slice(2));
