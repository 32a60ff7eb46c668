import type { Metadata } from 'next';
import { connection } from 'next/server';
import { OpsDashboard } from '@/components/ops/OpsDashboard';
import { Unavailable } from '@/components/Unavailable';
import { readOpsSnapshot } from '@/lib/ops/snapshot';
import { isRedisUnavailable } from '@/lib/redis/errors';

export const metadata: Metadata = { title: 'Ops' };

export default async function OpsPage() {
  await connection();
  let snapshot;
  try {
    snapshot = await readOpsSnapshot();
  } catch (error) {
    if (isRedisUnavailable(error)) return <Unavailable />;
    throw error;
  }
  return <OpsDashboard initial={snapshot} />;
}
