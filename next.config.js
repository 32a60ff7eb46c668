// eslint-disable-next-line @typescript-eslint/no-require-imports -- this file is CommonJS, as the rest of the config was
const createNextIntlPlugin = require('next-intl/plugin');

/** @type {import('next').NextConfig} */
const config = {
  // Required from node_modules at run time, not bundled into the route handlers: server.ts and the
  // handlers then load one copy of each, so they share its module state (one ioredis client, one
  // logger, one metrics registry per process: lib/redis/client.ts), which two copies would not.
  serverExternalPackages: ['ioredis', 'rate-limiter-flexible', 'pino', 'pino-pretty', 'prom-client'],
  // `npm test` and CI run `tsc --noEmit` over the whole project before building: the build's own
  // type pass would be a second, slower one.
  typescript: { ignoreBuildErrors: true },
  poweredByHeader: false,
  // No optimised images: /_next/image rendered the page its URL named; the front door answers it 404 (lib/server/framework-files.ts).
  images: { unoptimized: true },
  reactStrictMode: true,
  // Metadata rendered in the head for every client, never streamed after the shell: a streamed
  // part is revealed by React's inline instruction scripts, which the page's policy (hashes of
  // Next's data scripts only: lib/http/inline-scripts.ts) refuses. Under load generateMetadata
  // finished after the shell and the page broke its own policy (e2e/security-headers.spec.ts).
  // Next streams it regardless for a request with no user agent: the page cache names one
  // (lib/server/loopback.ts, tests/unit/server/render-user-agent.test.ts).
  htmlLimitedBots: /.*/,
};

module.exports = createNextIntlPlugin({
  requestConfig: './i18n/request.ts',
  // The catalogues' ICU messages compiled at build time: a page neither ships intl-messageformat's
  // parser nor parses each message it says while it hydrates (docs/benchmarks.md, Lighthouse).
  experimental: { messages: { path: './messages', format: 'json', locales: 'infer', precompile: true } },
})(config);
