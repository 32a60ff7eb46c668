import { postContribution } from '@/lib/server/routes/contribution-route';

/** Defined in lib/server/routes/contribution-route.ts, which server.ts also answers directly (lib/server/direct-table.ts). */
export const POST = postContribution;
