import { z } from 'zod';
import {
  cancelledContributionSchema,
  contributionInputSchema,
  eventIdSchema,
  importInputSchema,
  importResultSchema,
  liveSnapshotSchema,
  activityPageSchema,
  newsInputSchema,
  slugSchema,
  timelineQuerySchema,
  unpublishedNewsSchema,
  writtenEventSchema,
} from '../../../live-events/schemas';
import { projectSchema } from '../../../projects/schemas';
import { defineRoutes } from '../contract';

const slug = z.object({ slug: slugSchema });
const slugAndId = z.object({ slug: slugSchema, id: eventIdSchema });
const written = (what: string) => ({
  201: { description: `${what} recorded`, json: writtenEventSchema },
  200: { description: 'this id was recorded already: nothing counted twice, the original time', json: writtenEventSchema },
});
/** A fixed past time: an import example stays valid (its events are simply too old to count). */
const PAST = Date.UTC(2026, 0, 1);

export const projectRoutes = defineRoutes([
  {
    method: 'get',
    path: '/api/projects',
    tag: 'projects',
    summary: 'The projects, in listing order',
    responses: { 200: { description: 'the catalogue', json: z.array(projectSchema) } },
  },
  {
    method: 'get',
    path: '/api/projects/{slug}/live',
    tag: 'projects',
    summary: "A project's live state",
    description: 'Contributions of the last 24 h, contributors of the last 30 min, news, viewers, the head of the activity feed; every item with its `at`, judged against `serverTime`.',
    params: slug,
    responses: { 200: { description: 'the snapshot', json: liveSnapshotSchema } },
  },
  {
    method: 'get',
    path: '/api/projects/{slug}/timeline',
    tag: 'projects',
    summary: "A page of a project's activity feed, newest first",
    params: slug,
    query: timelineQuerySchema,
    responses: { 200: { description: 'a page; `nextCursor` reads the next', json: activityPageSchema } },
  },
  {
    method: 'post',
    path: '/api/projects/{slug}/contributions',
    tag: 'projects',
    summary: 'Back a project',
    description: 'Send your own `id` to make a retry safe: the same id again is counted once.',
    access: 'write',
    params: slug,
    body: { schema: contributionInputSchema, example: { name: 'Ana', amount: 25 } },
    responses: written('the contribution'),
  },
  {
    method: 'delete',
    path: '/api/projects/{slug}/contributions/{id}',
    tag: 'admin',
    summary: 'Cancel a contribution',
    access: 'admin',
    params: slugAndId,
    responses: { 200: { description: 'cancelled; the count and total after it', json: cancelledContributionSchema } },
  },
  {
    method: 'post',
    path: '/api/projects/{slug}/news',
    tag: 'admin',
    summary: 'Publish news',
    access: 'admin',
    params: slug,
    body: { schema: newsInputSchema, example: { title: 'We reached 50 %', url: 'https://example.org/news/halfway' } },
    responses: written('the news'),
  },
  {
    method: 'delete',
    path: '/api/projects/{slug}/news/{id}',
    tag: 'admin',
    summary: 'Unpublish news',
    access: 'admin',
    params: slugAndId,
    responses: { 200: { description: 'unpublished', json: unpublishedNewsSchema } },
  },
  {
    method: 'post',
    path: '/api/projects/{slug}/import',
    tag: 'admin',
    summary: 'Import past events with their own times',
    description: 'At most 5,000; events already expired in every window, and known ids, are skipped.',
    access: 'admin',
    params: slug,
    body: {
      schema: importInputSchema,
      example: {
        events: [
          { kind: 'contribution', id: 'import-example-c1', name: 'Kim Min-jun', amount: 40, at: PAST },
          { kind: 'news', id: 'import-example-n1', title: 'Prototype shipped', url: 'https://example.org/news/prototype', at: PAST },
        ],
      },
    },
    responses: { 200: { description: 'how many were imported and skipped', json: importResultSchema } },
  },
]);
