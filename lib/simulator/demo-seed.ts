import { importEvents } from '../live-events/import';
import { recordContribution } from '../live-events/contributions';
import type { LiveEventsContext } from '../live-events/context';
import { HOUR, MINUTE } from '../live-events/windows';
import { BACKER_NAMES, NEWS_TITLES } from '../projects/demo-names';
import { getProject } from '../projects/catalogue';
import { saveProject } from '../projects/save';
import { DEMO_PROJECTS } from '../projects/demo-projects';
import type { Project } from '../projects/types';

/** How long after its first seeding each demo campaign ends: one within a demo, one in 30 days. */
export const DEMO_DURATIONS = [12 * MINUTE, 5 * HOUR, 3 * 24 * HOUR, 12 * 24 * HOUR, 30 * 24 * HOUR] as const;

/**
 * Loads the demo catalogue. Idempotent: existing projects keep their totals and their end. A
 * project seen for the first time also gets a believable last day of activity, imported with its
 * past times.
 */
export async function seedDemoProjects(ctx: LiveEventsContext): Promise<{ created: string[] }> {
  const created: string[] = [];
  for (const [position, demo] of DEMO_PROJECTS.entries()) {
    const endsAt =
      (await getProject(demo.slug, ctx.redis))?.endsAt ?? ctx.now() + DEMO_DURATIONS[position % DEMO_DURATIONS.length]!;
    const project = { ...demo, endsAt };
    if ((await saveProject(project, position, ctx.redis, ctx.now())).created) {
      created.push(project.slug);
      await importEvents(project.slug, pastDay(project, ctx.now()), ctx);
      await claimNearlyAll(project, ctx);
      // Saved again (idempotent) so its catalogue card shows the total the imported day raised.
      await saveProject(project, position, ctx.redis, ctx.now() + 1);
    }
  }
  return { created };
}

/** The demo's limited tier nearly sold out: the first one of at most 12 places, all but one pledged (imports carry no tier). */
async function claimNearlyAll(project: Project, ctx: LiveEventsContext): Promise<void> {
  const tier = project.tiers?.find((each) => each.limit !== undefined && each.limit <= 12);
  if (!tier) return;
  for (let i = 0; i < tier.limit! - 1; i++) {
    await recordContribution(
      project.slug,
      {
        id: `seed-${project.slug}-${tier.id}-${i}`,
        name: BACKER_NAMES[i % BACKER_NAMES.length]!,
        amount: tier.minimum,
        tier: tier.id,
      },
      ctx,
    );
  }
}

function pastDay(project: Project, now: number) {
  const pick = <T>(items: readonly T[], i: number) => items[i % items.length]!;
  const contributions = Array.from({ length: 40 + (project.slug.length % 5) * 8 }, (_, i) => ({
    kind: 'contribution' as const,
    id: `seed-${project.slug}-${i}`,
    name: pick(BACKER_NAMES, i * 7 + project.slug.length),
    amount: pick([5, 10, 15, 25, 25, 40, 50, 75, 100, 250], i * 3),
    // Spread over the day, a handful inside the contributors window.
    at: i < 4 ? now - (i + 1) * 4 * MINUTE : now - Math.floor(((i * 37) % 96) * 0.25 * HOUR) - 31 * MINUTE,
  }));
  const news = [
    {
      kind: 'news' as const,
      id: `seed-${project.slug}-news`,
      title: pick(NEWS_TITLES, project.slug.length),
      url: `https://example.org/${project.slug}/updates/1`,
      at: now - 3 * HOUR,
    },
  ];
  return [...contributions, ...news];
}
