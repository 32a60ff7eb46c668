import next from 'next';
import path from 'node:path';
import { DIRECT_ROUTES } from './lib/server/direct-table';
import { createAppServer } from './lib/server/http-server';
import { startRuntime } from './lib/server/runtime';
import { instanceName } from './lib/instance';
import { rawSetting, setting } from './lib/config';
import { log } from './lib/log';

async function main() {
  const runtime = await startRuntime();
  const port = setting('PORT');
  // Every interface unless told: behind a load balancer on this host, LISTEN_ADDRESS=127.0.0.1 keeps clients off the instance's own port.
  const host = rawSetting('LISTEN_ADDRESS');
  const dev = rawSetting('NODE_ENV') !== 'production';
  const app = next({ dev, port, hostname: 'localhost' });
  const handle = app.getRequestHandler();
  await app.prepare();

  // The build's files, answered from memory (lib/server/framework-files.ts); in development Next serves them as it rebuilds them.
  const server = createAppServer(handle, {
    direct: DIRECT_ROUTES,
    staticDir: dev ? undefined : path.join('.next', 'static'),
  });
  server.httpServer.listen(port, host, () =>
    log.info({ instance: instanceName() }, `crowdpulse ready on http://localhost:${port}`),
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    setTimeout(() => process.exit(1), 5_000).unref();
    await server.close();
    await runtime.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error) => {
  log.fatal({ err: error }, 'crowdpulse failed to start');
  process.exit(1);
});
