import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { CreatorView } from '@/components/creators/CreatorView';
import { formatWindow } from '@/components/live/format';
import { Unavailable } from '@/components/Unavailable';
import { accountIdSchema } from '@/lib/folding/metric-events';
import { configuredWindows } from '@/lib/live-events/context';
import { readCreatorView } from '@/lib/ops/snapshot';
import { isRedisUnavailable } from '@/lib/redis/errors';

type Props = { params: Promise<{ account: string }> };

export const metadata: Metadata = { title: 'Creator' };

export default async function CreatorPage({ params }: Props) {
  await connection();
  const { account } = await params;
  if (!accountIdSchema.safeParse(account).success) notFound();
  let totals;
  try {
    totals = await readCreatorView(account);
  } catch (error) {
    if (isRedisUnavailable(error)) return <Unavailable />;
    throw error;
  }
  if (!totals) notFound();
  return <CreatorView initial={totals} windowLabel={formatWindow(configuredWindows().contributions)} />;
}
