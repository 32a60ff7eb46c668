import { projectWriteContext } from '@/lib/creators/project-writes';
import { readJson } from '@/lib/http/body';
import { pathSlug, type SlugParams } from '@/lib/http/params';
import { route } from '@/lib/http/route';
import { pledgingVisitor } from '@/lib/http/visitor';
import { recordContribution } from '@/lib/live-events';
import { contributionInputSchema } from '@/lib/live-events/schemas';
import { projectKeys } from '@/lib/projects/keys';
import { acknowledged } from '@/lib/redis/acknowledged';

/** 201 for a new pledge; 200 with the original pledge when the ledger holds its id; 409 `campaign_ended` for a new one after the end. */
export const POST = route(
  async (request: Request, context: SlugParams) => {
    const slug = await pathSlug(context);
    const input = await readJson(request, contributionInputSchema);
    // Acknowledged once a replica of the project's slot has it; the fold event rebuilds itself.
    const { id, at, amount, cancelled, created } = await acknowledged([projectKeys.info(slug)], () => recordContribution(slug, input, projectWriteContext(), pledgingVisitor(request)));
    return Response.json({ id, at, amount, cancelled }, { status: created ? 201 : 200 });
  },
  { write: true },
);
