import { projectWriteContext } from '../../creators/project-writes';
import { readJson } from '../../http/body';
import { route } from '../../http/route';
import { pledgingVisitor } from '../../http/visitor';
import { recordContribution } from '../../live-events';
import { contributionInputSchema } from '../../live-events/schemas';
import { projectKeys } from '../../projects/keys';
import { acknowledged } from '../../redis/acknowledged';
import { pathSlug, type SlugParams } from '../path-params';

/**
 * POST /api/projects/:slug/contributions: 201 for a new pledge; 200 with the original pledge when
 * the ledger holds its id; 409 `campaign_ended` for a new one after the end. Here, not in app/, so
 * that server.ts answers it directly (direct-table.ts) without importing a route file.
 */
export const postContribution = route(
  async (request: Request, context: SlugParams) => {
    const slug = await pathSlug(context);
    const input = await readJson(request, contributionInputSchema);
    // Acknowledged once a replica of the project's slot has it; the fold event rebuilds itself.
    const { id, at, amount, cancelled, created } = await acknowledged([projectKeys.info(slug)], () =>
      recordContribution(slug, input, projectWriteContext(), pledgingVisitor(request)),
    );
    return Response.json({ id, at, amount, cancelled }, { status: created ? 201 : 200 });
  },
  { write: true },
);
