import { route } from '@/lib/http/route';
import { listProjects } from '@/lib/projects/catalogue';

export const GET = route(async () => Response.json(await listProjects()));
