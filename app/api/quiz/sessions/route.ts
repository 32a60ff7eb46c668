import { limitQuizStarts } from '@/lib/http/rate-limit';
import { route } from '@/lib/http/route';
import { startSession } from '@/lib/quiz';

/** 201 `{id, questions: [{id, text, choices}], expiresAt}`: no answers, no explanations. */
export const POST = route(async () => Response.json(await startSession(), { status: 201 }), { write: true, limit: limitQuizStarts });
