import { getHealth } from '@/lib/server/routes/health-route';

/** Defined in lib/server/routes/health-route.ts, which server.ts also answers directly (lib/server/direct-table.ts). */
export const GET = getHealth;
