import { openApiDocument } from '@/lib/http/openapi/document';

/** The OpenAPI 3.1 document, generated from the zod schemas the routes parse and answer with. */
export const GET = () => Response.json(openApiDocument());
