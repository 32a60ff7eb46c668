import { CLIENT_EVENTS, SERVER_EVENTS } from '../../realtime/event-contract';
import { jsonSchemaOf } from './json-schema';

let built: object | undefined;

/** The Socket.IO events as JSON Schema, generated from lib/realtime/event-contract.ts. */
export function socketEventsDocument(): object {
  return (built ??= {
    title: 'crowdpulse Socket.IO events',
    description:
      "Socket.IO 4 on the app's own origin (path /socket.io/, WebSocket first). Payloads are JSON; `ack` is the reply to an emit made with an acknowledgement callback. Every watch is re-sent by the client on each (re)connect.",
    serverToClient: Object.entries(SERVER_EVENTS).map(([name, event]) => ({
      name,
      description: event.description,
      room: event.to,
      payload: jsonSchemaOf(event.payload, 'output'),
    })),
    clientToServer: Object.entries(CLIENT_EVENTS).map(([name, event]) => ({
      name,
      description: event.description,
      request: event.request ? jsonSchemaOf(event.request, 'input') : null,
      ack: jsonSchemaOf(event.ack, 'output'),
    })),
  });
}
