'use client';

import { CampaignClock } from './CampaignClock';
import { useCampaign, useDocumentClock } from './use-clock';

/** A catalogue card's time left: no socket on that page, so the document's clock (use-clock.ts). */
export function CardCampaignClock({
  endsAt,
  goal,
  raised,
}: {
  endsAt: number | undefined;
  goal: number;
  raised: number;
}) {
  const campaign = useCampaign({ endsAt, goal }, raised, useDocumentClock());
  return <CampaignClock endsAt={endsAt} campaign={campaign} />;
}
