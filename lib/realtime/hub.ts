import type { Redis } from 'ioredis';
import { log } from '../log';
import { countPubSubMessages } from '../metrics/pubsub';
import { createSubscriber } from '../redis/client';
import type { RealtimeServer, RedisStatus } from './events';
import { watchRedisStatus } from './redis-status';

type MessageHandler = (message: string) => void;

/**
 * What every pattern's socket layer shares on one app instance: a single Redis subscriber
 * connection (messages are routed by channel) and the Redis status shown on every page.
 */
export type RealtimeHub = {
  /** Subscribes this instance to a channel that our Lua scripts PUBLISH on. */
  subscribe(channel: string, handler: MessageHandler): void;
  /** Runs after every outage, when both connections are ready again. */
  onRedisUp(handler: () => void): void;
  status(): RedisStatus;
  close(): Promise<void>;
};

export function createRealtimeHub(io: RealtimeServer, redis: Redis): RealtimeHub {
  const subscriber = createSubscriber();
  const handlers = new Map<string, MessageHandler>();
  const upHandlers: Array<() => void> = [];
  const status = watchRedisStatus(io, [redis, subscriber], () => upHandlers.forEach((handler) => handler()));

  subscriber.on('message', (channel: string, message: string) => handlers.get(channel)?.(message));
  countPubSubMessages(subscriber);

  return {
    subscribe(channel, handler) {
      handlers.set(channel, handler);
      void subscriber.subscribe(channel).catch((error: Error) => log.error({ err: error.message, channel }, 'subscribe failed'));
    },
    onRedisUp: (handler) => void upHandlers.push(handler),
    status: status.current,
    async close() {
      status.close();
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}
