import { z } from 'zod';
import { ENTRY_ID_PATTERN } from './keys';

export const entryIdSchema = z.string().regex(ENTRY_ID_PATTERN, 'not a leaderboard entry id');
