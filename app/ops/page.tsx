import type { Metadata } from 'next';
import { connection } from 'next/server';
import { OpsDashboard } from '@/components/ops/OpsDashboard';
import { orUnavailable } from '@/components/unavailable-boundary';
import { readOpsSnapshot } from '@/lib/ops/snapshot';

export const metadata: Metadata = { title: 'Ops' };

export default orUnavailable(async function OpsPage() {
  await connection();
  return <OpsDashboard initial={await readOpsSnapshot()} />;
});
