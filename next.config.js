/** @type {import('next').NextConfig} */
module.exports = {
  // Loaded from node_modules at run time rather than bundled, so that server.ts and the route
  // handlers share one ioredis client per process (see lib/redis/client.ts).
  serverExternalPackages: ['ioredis', 'rate-limiter-flexible', 'pino', 'pino-pretty', 'prom-client'],
  poweredByHeader: false,
  reactStrictMode: true,
};
