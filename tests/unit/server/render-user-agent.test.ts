import { createServer, type IncomingHttpHeaders } from 'node:http';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { renderThrough } from '../../../lib/server/loopback';

const require = createRequire(import.meta.url);
// Next's own choice, from the request's user agent and the app's config, of whether to stream a page's metadata after its shell.
const { shouldServeStreamingMetadata } = require('next/dist/server/lib/streaming-metadata') as {
  shouldServeStreamingMetadata(userAgent: string, htmlLimitedBots: string | undefined): boolean;
};
const { htmlLimitedBots } = require('../../../next.config.js') as { htmlLimitedBots: RegExp };

let asked: IncomingHttpHeaders | undefined;
const next = createServer((request, response) => {
  asked = request.headers;
  response.writeHead(200, { 'content-type': 'text/html' }).end('<!DOCTYPE html>');
});
beforeAll(() => new Promise<void>((resolve) => next.listen(0, '127.0.0.1', resolve)));
afterAll(() => new Promise<void>((resolve) => next.close(() => resolve())));

it('the page cache asks Next for a page as a client whose metadata Next renders before the shell, never streamed after it', async () => {
  await renderThrough(next)('/en/projects/any');
  const userAgent = asked?.['user-agent'] ?? '';
  expect(userAgent).not.toBe('');
  // Next builds its RegExp from the config's value as a string (its `source` when built by next.config.js).
  expect(shouldServeStreamingMetadata(userAgent, htmlLimitedBots.source)).toBe(false);
  // What it did before: asked with no user agent, Next streamed the metadata (e2e/security-headers.spec.ts failed now and then).
  expect(shouldServeStreamingMetadata('', htmlLimitedBots.source)).toBe(true);
});
