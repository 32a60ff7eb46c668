import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { CreatorView } from '@/components/creators/CreatorView';
import { formatWindow } from '@/components/live/format';
import { Unavailable } from '@/components/Unavailable';
import { windowsFromEnv } from '@/lib/live-events/windows';
import { readCreatorView } from '@/lib/ops/snapshot';
import { isRedisUnavailable } from '@/lib/redis/errors';

type Props = { params: Promise<{ account: string }> };

export const metadata: Metadata = { title: 'Creator' };

const isAccount = (account: string) => /^[A-Za-z0-9_.-]{1,64}$/.test(account);

export default async function CreatorPage({ params }: Props) {
  await connection();
  const { account } = await params;
  if (!isAccount(account)) notFound();
  let totals;
  try {
    totals = await readCreatorView(account);
  } catch (error) {
    if (isRedisUnavailable(error)) return <Unavailable />;
    throw error;
  }
  if (!totals) notFound();
  return <CreatorView initial={totals} windowLabel={formatWindow(windowsFromEnv().contributions)} />;
}
