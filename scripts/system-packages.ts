import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * The Debian packages the project runs against, by the file that shows each is installed (a
 * command on PATH, or an absolute path). The fonts make names in any script render in Chromium's
 * screenshots and e2e (Korean, Chinese, Japanese; Arabic), instead of empty boxes.
 */
const PACKAGES: Record<string, { binary: string; pkg: string }> = {
  'redis-server': { binary: 'redis-server', pkg: 'redis-server' },
  chromium: { binary: '/usr/bin/chromium', pkg: 'chromium' },
  haproxy: { binary: 'haproxy', pkg: 'haproxy' },
  'fonts-noto-cjk': { binary: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', pkg: 'fonts-noto-cjk' },
  'fonts-dejavu-core': { binary: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', pkg: 'fonts-dejavu-core' },
};

const installed = (binary: string) =>
  binary.startsWith('/') ? existsSync(binary) : spawnSync('sh', ['-c', `command -v ${binary}`]).status === 0;

/**
 * Installs what is missing with apt-get when running as root on Debian/Ubuntu; elsewhere
 * prints the one command to run and exits non-zero.
 */
export function ensureSystemPackages(names: string[]): void {
  const missing = names.map((name) => PACKAGES[name]!).filter(({ binary }) => !installed(binary));
  if (missing.length === 0) return;
  const pkgs = missing.map(({ pkg }) => pkg);
  const canInstall = process.getuid?.() === 0 && installed('apt-get');
  if (!canInstall) {
    console.error(`Missing: ${pkgs.join(', ')}. Install with:\n  sudo apt-get install -y ${pkgs.join(' ')}`);
    process.exit(1);
  }
  console.log(`Installing ${pkgs.join(', ')} with apt-get …`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...pkgs], { stdio: 'inherit', env });
}

if (require.main === module) ensureSystemPackages(process.argv.slice(2));
