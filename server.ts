import { createServer } from 'node:http';
import next from 'next';
import { Server } from 'socket.io';
import { startRuntime } from './lib/app/runtime';
import { stampClientAddress } from './lib/http/client-address';
import { observeRequests } from './lib/http/observe';
import { log } from './lib/log';
import { attachRealtime } from './lib/realtime/attach';
import type { RealtimeServer } from './lib/realtime/events';

const port = Number(process.env.PORT ?? 3000);
const dev = process.env.NODE_ENV !== 'production';

async function main() {
  const runtime = await startRuntime();
  const app = next({ dev, port, hostname: 'localhost' });
  const handle = app.getRequestHandler();
  await app.prepare();

  const httpServer = createServer(
    observeRequests((request, response) => {
      stampClientAddress(request);
      void handle(request, response);
    }),
  );
  const io: RealtimeServer = new Server(httpServer);
  const realtime = attachRealtime(io);

  httpServer.listen(port, () => log.info(`crowdpulse ready on http://localhost:${port}`));

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    setTimeout(() => process.exit(1), 5_000).unref();
    io.close();
    await realtime.close();
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
