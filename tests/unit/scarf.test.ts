import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * swagger-ui-dist pulls @scarf/scarf, whose postinstall reports the install to scarf.sh unless
 * the root package.json turns it off (README, the dependency table). Its own report runs here as
 * npm would run it from this project, with none of the opt-out variables set, and a tripwire in
 * place of the request it would send.
 */
describe('@scarf/scarf', () => {
  it('reports nothing: package.json turns it off', () => {
    const root = path.resolve(__dirname, '..', '..');
    // Scarf reads the tree with \`npm ls\` under a 3 s timeout; read here without one (a busy machine
    // would make it give up, which proves nothing), then handed to scarf's own parser.
    const script = `
      const https = require('node:https');
      https.request = () => { console.log('SENT'); process.exit(0); };
      const report = require('./node_modules/@scarf/scarf/report.js');
      const tree = require('node:child_process').execFileSync('npm', ['ls', '@scarf/scarf', '--json', '--long'], { encoding: 'utf8', maxBuffer: 1 << 30 });
      report.getDependencyInfo = () => new Promise((resolve, reject) => report.processDependencyTreeOutput(resolve, reject)(null, tree, ''));
      report.reportPostInstall().then(
        () => console.log('REPORTED'),
        (error) => console.log('REFUSED: ' + error.message),
      );`;
    const env: NodeJS.ProcessEnv = { ...process.env, INIT_CWD: root, SCARF_VERBOSE: 'false' };
    for (const name of ['SCARF_ANALYTICS', 'SCARF_NO_ANALYTICS', 'DO_NOT_TRACK']) delete env[name];
    const output = execFileSync(process.execPath, ['-e', script], { cwd: root, env, encoding: 'utf8' });
    expect(output.trim()).toBe('REFUSED: Scarf has been disabled via a package.json in the dependency chain.');
  });
});
