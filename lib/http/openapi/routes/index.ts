import type { RouteContract } from '../contract';
import { feedRoutes } from './feed';
import { foldingRoutes } from './folding';
import { projectRoutes } from './projects';
import { quizRoutes } from './quiz';
import { serviceRoutes } from './service';

/** Every HTTP route the app serves; the contract test holds this list to app/api/**\/route.ts. */
export const ROUTES: RouteContract[] = [
  ...projectRoutes,
  ...quizRoutes,
  ...foldingRoutes,
  ...feedRoutes,
  ...serviceRoutes,
];
