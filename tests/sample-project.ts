import type { Project } from '../lib/projects/types';

/**
 * A project with short fields. No test runner is imported here, so the Vitest suites, the
 * Playwright specs and `npm run bench` all create their projects with it.
 */
export function sampleProject(slug: string, raised = 0): Project {
  return {
    slug,
    title: `Project ${slug}`,
    tagline: 'A project made by a test',
    description: 'Exists only while a test or benchmark runs.',
    creator: 'Test Creator',
    creatorAccount: `account-${slug}`,
    goal: 10_000,
    currency: 'EUR',
    raised,
    art: { motif: 'waves', colors: ['#312e81', '#6366f1', '#f472b6'] },
  };
}

/** A sample project's own fields, as `putProject` (`PUT /api/projects/:slug`) takes them: add its tiers and `listed`. */
export function sampleProjectInput(slug: string) {
  const { title, tagline, description, creator, creatorAccount, goal, art } = sampleProject(slug);
  return { title, tagline, description, creator, creatorAccount, goal, art };
}
