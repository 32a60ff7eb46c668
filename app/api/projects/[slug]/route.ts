import { readJson } from '@/lib/http/body';
import { HttpError } from '@/lib/http/errors';
import { pathSlug, type SlugParams } from '@/lib/server/path-params';
import { route } from '@/lib/http/route';
import { catalogueKeys, projectKeys } from '@/lib/projects/keys';
import { putProject } from '@/lib/projects/save';
import { acknowledged } from '@/lib/redis/acknowledged';
import { projectInputSchema } from '@/lib/projects/schemas';

/** Creates (201) or updates (200) a project; never touches its total. */
export const PUT = route(
  async (request: Request, context: SlugParams) => {
    // A slug that cannot name a project is a bad request here: the PUT would create it.
    const slug = await pathSlug(context).catch(() => {
      throw new HttpError(400, 'invalid_input', 'slug: 1 to 64 of a-z 0-9 -, not starting or ending with -', 'slug');
    });
    const input = await readJson(request, projectInputSchema);
    // The project's slot and the catalogue's: acknowledged once a replica has both.
    const { created, project } = await acknowledged([projectKeys.info(slug), catalogueKeys.order], () =>
      putProject(slug, input),
    );
    return Response.json(project, { status: created ? 201 : 200 });
  },
  { admin: true },
);
