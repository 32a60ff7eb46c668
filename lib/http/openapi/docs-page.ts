import { readFileSync } from 'node:fs';
import path from 'node:path';
import { scriptHash } from '../inline-scripts';
import { memoryFile, type MemoryFile } from '../memory-files';
import { docsPolicy } from '../security-headers';
import { DOCS_ASSETS } from './routes/service';

const loaded = new Map<string, MemoryFile>();

/**
 * One of swagger-ui-dist's files, read from node_modules (the server runs from the project's
 * root) and compressed on its first request, then kept: a request costs a lookup, not 75 ms of gzip.
 */
export function docsAsset(name: string): MemoryFile | null {
  const asset = DOCS_ASSETS.find((known) => known === name);
  if (!asset) return null;
  let file = loaded.get(asset);
  if (!file)
    loaded.set(
      asset,
      (file = memoryFile(
        readFileSync(path.join(process.cwd(), 'node_modules', 'swagger-ui-dist', asset)),
        asset,
        'public, max-age=86400',
      )),
    );
  return file;
}

const START_SCRIPT = `
    window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true, validatorUrl: null, tryItOutEnabled: false });
  `;

/** The page's own policy: its one inline script is allowed by hash, nothing else inline runs. */
export const DOCS_POLICY = docsPolicy(scriptHash(START_SCRIPT));

/** The page: Swagger UI on /api/openapi.json; `validatorUrl: null` keeps it from calling validator.swagger.io. */
export function docsPage(): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>crowdpulse API reference</title>
  <link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
  <main id="swagger-ui"></main>
  <script src="/api/docs/swagger-ui-bundle.js"></script>
  <script>${START_SCRIPT}</script>
</body>
</html>
`;
}
