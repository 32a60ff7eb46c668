import { log } from '../log';
import { countPubSubMessages } from '../metrics/pubsub';
import { createSubscriber, isCluster, type RedisClient } from '../redis/client';
import type { RealtimeServer, RedisStatus } from './events';
import { watchRedisStatus } from './redis-status';

type MessageHandler = (message: string) => void;

/** A handler on a channel: `ready` once the instance is subscribed (or gave up waiting). */
export type Subscription = { ready: Promise<void>; release(): void };

/** How long a watch waits for its SSUBSCRIBE; later, a resync on "up" covers what it missed. */
const SUBSCRIBE_WAIT_MS = 2_000;

/**
 * What every pattern's socket layer shares on one app instance: one subscriber (on a cluster,
 * one sharded subscriber connection per master) whose messages are routed by channel, and the
 * Redis status shown on every page.
 */
export type RealtimeHub = {
  /**
   * Listens to a channel our Lua scripts SPUBLISH on. The instance SSUBSCRIBEs when the first
   * handler of a channel comes and SUNSUBSCRIBEs when the last one is released.
   */
  subscribe(channel: string, handler: MessageHandler): Subscription;
  /** Runs after every outage or resubscription, when every connection is ready again. */
  onRedisUp(handler: () => void): void;
  status(): RedisStatus;
  /** The channels this instance is subscribed to now. */
  channels(): string[];
  close(): Promise<void>;
};

export function createRealtimeHub(io: RealtimeServer, redis: RedisClient, subscriber = createSubscriber()): RealtimeHub {
  const handlers = new Map<string, Set<MessageHandler>>();
  const subscribed = new Map<string, Promise<void>>();
  const upHandlers: Array<() => void> = [];
  const status = watchRedisStatus(io, [redis, subscriber], () => upHandlers.forEach((handler) => handler()));

  subscriber.on('smessage', (channel: string, message: string) => {
    for (const handler of handlers.get(channel) ?? []) handler(message);
  });
  const failed = (action: string, channel: string) => (error: Error) => log.warn({ err: error.message, channel }, `${action} failed`);

  if (isCluster(subscriber)) {
    // A master died or a slot moved: ioredis moves the channels to the new owner, but messages
    // published in between are lost, so pages show "reconnecting" and resync once it is done.
    subscriber.on('-subscriber', () => status.interrupted());
    subscriber.on('subscribersReady', async () => {
      // ioredis sends the moved SSUBSCRIBEs without waiting for them; ours, queued behind them
      // on the same connections, answer once every channel is live again. A node still down
      // fails them: pages stay "reconnecting" until the next topology refresh succeeds.
      const resubscribed = await Promise.allSettled([...handlers.keys()].map((channel) => subscriber.ssubscribe(channel)));
      if (resubscribed.every((result) => result.status === 'fulfilled')) status.resumed();
    });
  }
  countPubSubMessages(subscriber);

  return {
    subscribe(channel, handler) {
      let channelHandlers = handlers.get(channel);
      if (!channelHandlers) {
        handlers.set(channel, (channelHandlers = new Set()));
        const done = subscriber.ssubscribe(channel).then(() => undefined, failed('ssubscribe', channel));
        subscribed.set(channel, done);
      }
      channelHandlers.add(handler);
      const handlersNow = channelHandlers;
      return {
        ready: Promise.race([subscribed.get(channel), sleep(SUBSCRIBE_WAIT_MS)]),
        release() {
          if (!handlersNow.delete(handler) || handlersNow.size > 0 || handlers.get(channel) !== handlersNow) return;
          handlers.delete(channel);
          subscribed.delete(channel);
          void subscriber.sunsubscribe(channel).catch(failed('sunsubscribe', channel));
        },
      };
    },
    onRedisUp: (handler) => void upHandlers.push(handler),
    status: status.current,
    channels: () => [...handlers.keys()],
    async close() {
      status.close();
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
