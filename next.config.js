/** @type {import('next').NextConfig} */
module.exports = {
  // Loaded from node_modules at run time rather than bundled, so that server.ts and the route
  // handlers share one ioredis client per process (see lib/redis/client.ts).
  serverExternalPackages: ['ioredis', 'rate-limiter-flexible', 'pino', 'pino-pretty', 'prom-client'],
  // `npm test` and CI run `tsc --noEmit` over the whole project before building: the build's own
  // type pass would be a second, slower one.
  typescript: { ignoreBuildErrors: true },
  poweredByHeader: false,
  // No optimised images: /_next/image rendered the page its URL named; the front door answers it 404 (lib/server/framework-files.ts).
  images: { unoptimized: true },
  reactStrictMode: true,
};
