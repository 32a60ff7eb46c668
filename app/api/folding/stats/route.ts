import { route } from '@/lib/http/route';
import { metricFolder } from '@/lib/folding/metric-events';

export const GET = route(async () => {
  const { stats } = await metricFolder().state(0);
  return Response.json(stats, { headers: { 'Cache-Control': 'no-store' } });
});
