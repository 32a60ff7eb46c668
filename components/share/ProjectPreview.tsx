import { campaignAt } from '@/components/campaign/campaign';
import { formatMoney } from '@/components/format';

/** What a link preview shows of a project; `timeLeft` ("12 days to go", "Funded") when it has an end. */
export type PreviewFacts = { title: string; creator: string; raised: number; goal: number; timeLeft?: string };

type PreviewedProject = { title: string; creator: string; raised: number; goal: number; endsAt?: number };

/** A project's preview at `now` (this server's clock): its time left read as the page would. */
export function previewFactsOf({ title, creator, raised, goal, endsAt }: PreviewedProject, now: number): PreviewFacts {
  const campaign = campaignAt({ endsAt, goal }, raised, now);
  return { title, creator, raised, goal, ...(campaign.state === 'endless' ? {} : { timeLeft: campaign.text }) };
}

export const PREVIEW_SIZE = { width: 1200, height: 630 };

/**
 * The preview image's layout, for next/og (Satori): flexbox and inline styles only, no Tailwind.
 * Indigo like the site's accent, white text: readable at a thumbnail's size.
 */
export function ProjectPreview({ title, creator, raised, goal, timeLeft }: PreviewFacts) {
  const percent = goal > 0 ? Math.round((raised / goal) * 100) : 0;
  return (
    <div style={{ width: '100%', height: '100%', display: 'flex', flexDirection: 'column', justifyContent: 'space-between', padding: 72, color: 'white', background: 'linear-gradient(135deg, #312e81 0%, #4f46e5 100%)' }}>
      <div style={{ display: 'flex', alignItems: 'center', fontSize: 32, opacity: 0.9 }}>
        <div style={{ width: 22, height: 22, borderRadius: 11, background: '#a5b4fc', marginRight: 16 }} />
        crowdpulse
      </div>
      <div style={{ display: 'flex', flexDirection: 'column' }}>
        {/* Two lines at most, broken inside a word only when one word is wider than the image, and an ellipsis where it stops. */}
        <div style={{ display: 'block', fontSize: title.length > 40 ? 60 : 76, lineHeight: 1.1, letterSpacing: -1, wordBreak: 'break-word', lineClamp: 2 }}>
          {title}
        </div>
        <div style={{ fontSize: 30, marginTop: 16, color: '#c7d2fe' }}>{`by ${creator}`}</div>
      </div>
      <div style={{ display: 'flex', flexDirection: 'column' }}>
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', fontSize: 34 }}>
          <div style={{ display: 'flex' }}>
            <span style={{ fontSize: 56 }}>{formatMoney(raised)}</span>
            <span style={{ marginLeft: 16, marginTop: 18, color: '#c7d2fe' }}>{`raised of ${formatMoney(goal)}`}</span>
          </div>
          <div style={{ display: 'flex', color: '#e0e7ff' }}>{timeLeft ? `${percent}% · ${timeLeft}` : `${percent}%`}</div>
        </div>
        <div style={{ display: 'flex', marginTop: 20, height: 18, borderRadius: 9, background: 'rgba(255,255,255,0.25)' }}>
          <div style={{ width: `${Math.min(percent, 100)}%`, height: 18, borderRadius: 9, background: 'white' }} />
        </div>
      </div>
    </div>
  );
}
