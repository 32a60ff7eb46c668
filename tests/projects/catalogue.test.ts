import type { RedisClient } from '../../lib/redis/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordContribution } from '../../lib/live-events';
import { getProject, listProjects, saveProject } from '../../lib/projects/catalogue';
import { projectKeys } from '../../lib/projects/keys';
import { sampleProject } from '../sample-project';
import { connect, liveContext, testClock, uniqueSlug } from '../support';

let redis: RedisClient;
beforeAll(async () => {
  redis = await connect();
});
afterAll(async () => {
  await redis.quit();
});

describe('saveProject', () => {
  it('creates a project that reads back whole and is listed in the catalogue', async () => {
    const project = sampleProject(uniqueSlug(), 250);

    expect(await saveProject(project, 3, redis)).toBe(true);

    expect(await getProject(project.slug, redis)).toEqual(project);
    expect(await redis.zscore(projectKeys.index, project.slug)).toBe('3');
    expect((await listProjects(redis)).find((listed) => listed.slug === project.slug)).toEqual(project);
  });

  it('updates the fields on a second save without undoing contributions or moving it', async () => {
    const project = sampleProject(uniqueSlug(), 250);
    await saveProject(project, 3, redis);
    await recordContribution(project.slug, { name: 'Ada', amount: 50 }, liveContext(redis, testClock()));

    const created = await saveProject({ ...project, title: 'Renamed', raised: 0 }, 9, redis);

    expect(created).toBe(false);
    expect(await getProject(project.slug, redis)).toEqual({ ...project, title: 'Renamed', raised: 300 });
    expect(await redis.zscore(projectKeys.index, project.slug)).toBe('3');
  });

  it('answers null for a project that was never saved', async () => {
    expect(await getProject(uniqueSlug(), redis)).toBeNull();
  });
});
