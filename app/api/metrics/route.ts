import { requireMetricsReader } from '@/lib/http/admin';
import { route } from '@/lib/http/route';
import { prometheusRegistry } from '@/lib/folding/prometheus';

/** Prometheus text format; every folding figure is read from Redis at scrape time, so all instances agree. */
export const GET = route(async (request) => {
  await requireMetricsReader(request);
  const registry = prometheusRegistry();
  return new Response(await registry.metrics(), {
    headers: { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' },
  });
});
