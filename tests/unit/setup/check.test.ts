import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { explain } from '../../../scripts/system-packages';
import { check, detectPlatform, REQUIREMENTS, type Finding } from '../../../scripts/setup/requirements';
import { fakePrograms, VERSIONS } from './support';

const FONTS = 'Noto Sans CJK JP';
const complete = () => fakePrograms({ ...VERSIONS, 'fc-list': FONTS });
const env = (dir: string) => ({ PATH: dir });

describe('npm test’s first step: what the machine lacks', () => {
  it('finds nothing wrong where every program is there and new enough', () => {
    expect(check(['redis-server', 'chromium', 'haproxy', 'fonts'], env(complete()), 'debian')).toEqual([]);
  });

  it('names a program too old, its version, the one needed and why', () => {
    const dir = fakePrograms({
      ...VERSIONS,
      'redis-server': 'Redis server v=6.2.14 sha=0',
      chromium: 'Chromium 120.0.6099.71',
    });
    const findings = check(['redis-server', 'chromium', 'haproxy'], env(dir), 'debian');
    expect(
      findings.map((finding) => finding.problem === 'too old' && [finding.requirement.name, finding.version]),
    ).toEqual([
      ['redis-server', '6.2.14'],
      ['chromium', '120.0.6099.71'],
    ]);
    expect(explain(findings, 'debian')).toContain(
      `Too old: redis-server 6.2.14 at ${path.join(dir, 'redis-server')}; 7.0 or newer is needed`,
    );
  });

  it('counts fonts as missing when fc-list knows none for a language the demo writes in', () => {
    const dir = fakePrograms({ ...VERSIONS, 'fc-list': '' });
    expect(check(['fonts'], env(dir), 'debian').map((finding) => finding.problem)).toEqual(['missing']);
    expect(check(['fonts'], env(dir), 'macos')).toEqual([]);
  });
});

describe('the message for what is missing, per platform', () => {
  // This machine has the programs in their usual places: what is missing is stated, not staged.
  const missing = (names: string[]): Finding[] =>
    names.map((name) => ({ requirement: REQUIREMENTS.find((known) => known.name === name)!, problem: 'missing' }));
  const all = ['redis-server', 'chromium', 'haproxy', 'fonts'];

  // No fc-list on this PATH: every font and fontconfig itself count as missing.
  const bare = { PATH: '/nonexistent' };

  it('on Debian: one apt-get line, and Playwright’s browser as the alternative', () => {
    const message = explain(missing(all), 'debian', bare);
    expect(message).toContain(
      'sudo apt-get install -y redis-server chromium haproxy fontconfig fonts-noto-cjk fonts-dejavu-core\n',
    );
    expect(message).toContain('For Chromium, instead: npx playwright install chromium');
    expect(message).toContain('Set REDIS_SERVER_PATH, REDIS_CLI_PATH, CHROMIUM_PATH, HAPROXY_PATH to its path');
  });

  it('on Ubuntu: apt-get for all but Chromium, whose package is a snap: Playwright’s browser, or the snap', () => {
    const message = explain(missing(all), 'ubuntu', bare);
    expect(message).toContain(
      'sudo apt-get install -y redis-server haproxy fontconfig fonts-noto-cjk fonts-dejavu-core\n',
    );
    expect(message).toContain('For Chromium, use: npx playwright install chromium');
    expect(message).toContain('sudo snap install chromium');
  });

  it('on Fedora: dnf and Fedora’s names (its redis is Valkey, which passes)', () => {
    expect(explain(missing(all), 'fedora', bare)).toContain(
      'sudo dnf install -y redis chromium haproxy fontconfig google-noto-sans-cjk-fonts dejavu-sans-fonts\n',
    );
    const valkey = fakePrograms({
      ...VERSIONS,
      'redis-server': 'Valkey server v=8.0.2 sha=00000000:0 malloc=jemalloc-5.3.0 bits=64 build=1',
    });
    expect(check(['redis-server'], env(valkey), 'fedora')).toEqual([]);
  });

  it('on RHEL and its rebuilds: EPEL first, where Chromium and the CJK fonts are', () => {
    expect(explain(missing(['chromium', 'fonts']), 'rhel', bare)).toContain(
      'sudo dnf install -y epel-release && sudo dnf install -y chromium fontconfig google-noto-sans-cjk-ttc-fonts dejavu-sans-fonts\n',
    );
  });

  it('names the fonts missing, and installs only their package', () => {
    const cjkOnly = fakePrograms({ 'fc-list': '' });
    const [finding] = check(['fonts'], env(cjkOnly), 'debian');
    expect(explain([finding!], 'debian', env(cjkOnly))).toBe(
      'Missing: CJK fonts (Japanese, Korean, Chinese) and an Arabic font.\nInstall with:\n  sudo apt-get install -y fonts-noto-cjk fonts-dejavu-core',
    );
  });

  it('on macOS: Homebrew for the servers, Playwright for the browser', () => {
    const message = explain(missing(['redis-server', 'chromium', 'haproxy']), 'macos', bare);
    expect(message).toContain('brew install redis haproxy\n');
    expect(message).toContain('npx playwright install chromium');
  });

  it('elsewhere: what is missing, for the system’s own package manager', () => {
    expect(explain(missing(['haproxy']), 'other', bare)).toContain(
      "Install haproxy with your system's package manager.",
    );
  });

  it('tells the platform from /etc/os-release', () => {
    expect(detectPlatform('linux', 'ID=ubuntu\nID_LIKE=debian\n')).toBe('ubuntu');
    expect(detectPlatform('linux', 'ID=debian\n')).toBe('debian');
    expect(detectPlatform('linux', 'ID="rocky"\nID_LIKE="rhel centos fedora"\n')).toBe('rhel');
    expect(detectPlatform('linux', 'ID=fedora\n')).toBe('fedora');
    expect(detectPlatform('linux', 'ID=arch\n')).toBe('other');
    expect(detectPlatform('darwin', '')).toBe('macos');
  });
});
