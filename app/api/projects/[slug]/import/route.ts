import { projectWriteContext } from '@/lib/creators/project-writes';
import { IMPORT_BODY_BYTES, readJson } from '@/lib/http/body';
import { pathSlug, type SlugParams } from '@/lib/server/path-params';
import { route } from '@/lib/http/route';
import { importEvents } from '@/lib/live-events';
import { importInputSchema } from '@/lib/live-events/schemas';
import { projectKeys } from '@/lib/projects/keys';
import { acknowledged } from '@/lib/redis/acknowledged';

export const POST = route(
  async (request: Request, context: SlugParams) => {
    const slug = await pathSlug(context);
    const { events } = await readJson(request, importInputSchema, IMPORT_BODY_BYTES);
    return Response.json(
      await acknowledged([projectKeys.info(slug)], () => importEvents(slug, events, projectWriteContext())),
    );
  },
  { admin: true },
);
