import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openApiDocument } from '../lib/http/openapi/document';

/**
 * `npm run lint:openapi`: the OpenAPI document served at /api/openapi.json, built from the same
 * code, linted by Redocly CLI with its recommended rules; an error fails `npm test`.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'crowdpulse-openapi-'));
const file = path.join(dir, 'openapi.json');
try {
  writeFileSync(file, JSON.stringify(openApiDocument(), null, 2));
  execFileSync(path.join('node_modules', '.bin', 'redocly'), ['lint', file, '--extends', 'recommended'], {
    stdio: 'inherit',
  });
} catch (error) {
  process.exitCode = (error as { status?: number }).status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
