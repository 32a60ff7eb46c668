import { z } from 'zod';
import { slugSchema } from '../../../live-events/schemas';
import { projectSchema } from '../../../projects/schemas';
import {
  feedPageSchema,
  feedQuerySchema,
  followedSchema,
  followInputSchema,
  followsSchema,
} from '../../../feed/schemas';
import { answers, defineRoutes } from '../contract';

const visitor = 'The visitor is the signed `cp_vid` cookie.';

export const feedRoutes = defineRoutes('feed', [
  {
    method: 'post',
    path: '/api/follows',
    summary: 'Follow a project',
    description: `${visitor} A request without one is given one (\`Set-Cookie\`), or a 429 when its address has asked for too many new ones.`,
    access: 'write',
    body: { schema: followInputSchema, example: { slug: 'tidal-synth' } },
    responses: {
      ...answers(201, 'now following', followedSchema),
      ...answers(200, 'already following', followedSchema),
    },
    errors: {
      404: 'no such project',
      409: 'the visitor follows FOLLOWS_PER_VISITOR projects already (200 by default): `maxFollows` beside the error',
    },
  },
  {
    method: 'delete',
    path: '/api/follows/{slug}',
    summary: 'Stop following a project',
    description: `${visitor} Idempotent: 204 whether or not it was followed (without a cookie, nothing was).`,
    access: 'write',
    params: z.object({ slug: slugSchema }),
    responses: { 204: { description: 'not following (any more)', content: [] } },
  },
  {
    method: 'get',
    path: '/api/follows',
    summary: 'The projects the visitor follows, most recent first',
    description: `${visitor} A request without one follows nothing (and is given no id).`,
    responses: answers(200, 'the follows', followsSchema),
  },
  {
    method: 'get',
    path: '/api/recently-viewed',
    summary: 'The projects the visitor viewed recently, newest first (at most 10)',
    description: `${visitor} A request without one viewed nothing. The home page shows them after hydration, so its HTML is the same for everyone.`,
    responses: answers(200, 'the projects', z.object({ projects: z.array(projectSchema) })),
  },
  {
    method: 'get',
    path: '/api/feed',
    summary: "A page of the visitor's home feed, newest first",
    description: `${visitor} A request without one gets an empty page (and no id). News, milestones and the hour's backers of the projects they follow. Page with \`before\` = the previous \`nextCursor\`: entries arriving meanwhile never shift a page.`,
    query: feedQuerySchema,
    responses: answers(200, 'a page', feedPageSchema),
  },
  {
    method: 'post',
    path: '/api/feed',
    summary: 'The same page, read as the visitor looking at their feed: the count of new entries starts again from now',
    description: `${visitor} Without one, an empty page and nothing recorded. No body.`,
    access: 'write',
    query: feedQuerySchema,
    responses: answers(200, 'a page', feedPageSchema),
  },
]);
