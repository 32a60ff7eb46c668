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
/** A failed SSUBSCRIBE is sent again after 200 ms, doubling to 5 s, while the channel has handlers. */
const RETRY_FIRST_MS = 200;
const RETRY_MAX_MS = 5_000;

/**
 * What every pattern's socket layer shares on one app instance: one subscriber (on a cluster,
 * one sharded subscriber connection per master) whose messages are routed by channel, and the
 * Redis status shown on every page.
 */
export type RealtimeHub = {
  /**
   * Listens to a channel our Lua scripts SPUBLISH on. The instance SSUBSCRIBEs when the first
   * handler of a channel comes (again and again until Redis accepts it) and SUNSUBSCRIBEs when
   * the last one is released.
   */
  subscribe(channel: string, handler: MessageHandler): Subscription;
  /** Runs after every outage or resubscription, when every connection is ready again. */
  onRedisUp(handler: () => void): void;
  status(): RedisStatus;
  /** The channels this instance is subscribed to now. */
  channels(): string[];
  close(): Promise<void>;
};

/** One channel while it has handlers; `attempt` tells the latest SSUBSCRIBE from older ones. */
type Channel = { handlers: Set<MessageHandler>; live: Promise<void>; wentLive(): void; attempt: number; retry?: NodeJS.Timeout };

export function createRealtimeHub(io: RealtimeServer, redis: RedisClient, subscriber = createSubscriber()): RealtimeHub {
  const channels = new Map<string, Channel>();
  const upHandlers: Array<() => void> = [];
  const status = watchRedisStatus(io, [redis, subscriber], () => upHandlers.forEach((handler) => handler()));
  // Channels whose pages would hear nothing now (an SSUBSCRIBE failed, is slow, or is being
  // moved): every page shows "reconnecting" meanwhile, and resyncs on the "up" that follows.
  const notLive = new Set<Channel>();
  const lost = (channel: Channel) => {
    notLive.add(channel);
    status.interrupted();
  };
  const found = (channel: Channel) => {
    if (notLive.delete(channel) && notLive.size === 0) status.resumed();
  };

  /** SSUBSCRIBEs, and on failure again after a backoff, until Redis accepts or nobody listens. */
  function subscribeUntilLive(name: string, channel: Channel, failures = 0): void {
    clearTimeout(channel.retry);
    const attempt = ++channel.attempt;
    const current = () => channels.get(name) === channel && channel.attempt === attempt;
    const slow = setTimeout(() => current() && lost(channel), SUBSCRIBE_WAIT_MS).unref();
    subscriber.ssubscribe(name).then(
      () => {
        clearTimeout(slow);
        if (!current()) return;
        channel.wentLive();
        found(channel);
      },
      (error: Error) => {
        clearTimeout(slow);
        if (!current()) return;
        const delay = Math.min(RETRY_FIRST_MS * 2 ** failures, RETRY_MAX_MS);
        log.warn({ err: error.message, channel: name, retryInMs: delay }, 'ssubscribe failed');
        lost(channel);
        channel.retry = setTimeout(() => subscribeUntilLive(name, channel, failures + 1), delay).unref();
      },
    );
  }

  subscriber.on('smessage', (name: string, message: string) => {
    for (const handler of channels.get(name)?.handlers ?? []) handler(message);
  });

  if (isCluster(subscriber)) {
    // A master died or a slot moved: ioredis moves the channels to the new owner, but messages
    // published in between are lost, so pages show "reconnecting" and resync once it is done.
    subscriber.on('-subscriber', () => {
      channels.forEach((channel) => notLive.add(channel));
      status.interrupted();
    });
    subscriber.on('subscribersReady', () => {
      // ioredis sends the moved SSUBSCRIBEs without waiting for them; ours, queued behind them
      // on the same connections, answer once every channel is live again. A node still down
      // fails them, and they are retried until it is back. Pages resync once all have answered.
      channels.forEach((channel, name) => {
        notLive.add(channel);
        subscribeUntilLive(name, channel);
      });
      if (notLive.size === 0) status.resumed();
    });
  }
  countPubSubMessages(subscriber);

  return {
    subscribe(name, handler) {
      let channel = channels.get(name);
      if (!channel) {
        let wentLive = () => {};
        const live = new Promise<void>((resolve) => (wentLive = resolve));
        channels.set(name, (channel = { handlers: new Set(), live, wentLive, attempt: 0 }));
        subscribeUntilLive(name, channel);
      }
      channel.handlers.add(handler);
      const mine = channel;
      return {
        ready: Promise.race([mine.live, sleep(SUBSCRIBE_WAIT_MS)]),
        release() {
          if (!mine.handlers.delete(handler) || mine.handlers.size > 0 || channels.get(name) !== mine) return;
          channels.delete(name);
          clearTimeout(mine.retry);
          found(mine);
          void subscriber.sunsubscribe(name).catch((error: Error) => log.warn({ err: error.message, channel: name }, 'sunsubscribe failed'));
        },
      };
    },
    onRedisUp: (handler) => void upHandlers.push(handler),
    status: status.current,
    channels: () => [...channels.keys()],
    async close() {
      channels.forEach((channel) => clearTimeout(channel.retry));
      channels.clear();
      status.close();
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
