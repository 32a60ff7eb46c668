import { socketEventsDocument } from '@/lib/http/openapi/socket-events';

/** The Socket.IO events, generated from lib/realtime/event-contract.ts. */
export const GET = () => Response.json(socketEventsDocument());
