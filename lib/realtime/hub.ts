import { log } from '../log';
import { countPubSubMessages } from '../metrics/pubsub';
import { createSubscriber, isCluster, type RedisClient } from '../redis/client';
import type { RealtimeServer, RedisStatus } from './events';
import { watchRedisStatus } from './redis-status';
import { shardOwner } from './shard-owner';

type MessageHandler = (message: string) => void;

/** A handler on a channel: `ready` once the instance is subscribed (or gave up waiting). */
export type Subscription = {
  ready: Promise<void>;
  /** Subscribed now, and not being moved: every message published on the channel reaches us. */
  live(): boolean;
  release(): void;
};

/**
 * Told when this channel alone moved (on a cluster: its master failed over, its slot migrated, its
 * connection dropped) and when it is live again, so that only its pages resync. Without it, a
 * move says "Redis down" then "up" to every page of the instance.
 */
export type ChannelMoves = { interrupted(): void; resumed(): void };

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
  subscribe(channel: string, handler: MessageHandler, moves?: ChannelMoves): Subscription;
  /** Runs after every outage or resubscription, when every connection is ready again. */
  onRedisUp(handler: () => void): void;
  status(): RedisStatus;
  /** The channels this instance is subscribed to now. */
  channels(): string[];
  close(): Promise<void>;
};

/** One channel while it has handlers; `attempt` tells the latest SSUBSCRIBE from older ones. */
type Channel = {
  handlers: Set<MessageHandler>;
  live: Promise<void>;
  wentLive(): void;
  subscribed: boolean;
  /** On a cluster, the sharded subscriber connection that took the SSUBSCRIBE. */
  owner?: object;
  moves?: ChannelMoves;
  /** Moved, told to `moves`, and not subscribed again yet. */
  moving: boolean;
  attempt: number;
  retry?: NodeJS.Timeout;
};

export function createRealtimeHub(
  io: RealtimeServer,
  redis: RedisClient,
  subscriber = createSubscriber(),
): RealtimeHub {
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
    if (channel.moving) {
      channel.moving = false;
      channel.moves?.resumed();
    }
    if (notLive.delete(channel) && notLive.size === 0) status.resumed();
  };
  const movedAway = (channel: Channel) => {
    if (!channel.moves) return lost(channel);
    if (!channel.moving) channel.moves.interrupted();
    channel.moving = true;
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
        channel.subscribed = true;
        if (isCluster(subscriber)) channel.owner = shardOwner(subscriber, name);
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
    const cluster = subscriber;
    // A channel moved when the connection carrying it is not the one that took its SSUBSCRIBE
    // (a master died, a slot moved, a connection dropped): only its pages can have missed
    // messages. ioredis also resets its subscribers when nothing moved (a slot map that reads
    // differently): no page resyncs for that.
    const moved = () =>
      [...channels].filter(([name, channel]) => channel.subscribed && shardOwner(cluster, name) !== channel.owner);
    cluster.on('-subscriber', () => moved().forEach(([, channel]) => movedAway(channel)));
    cluster.on('subscribersReady', () => {
      // ioredis sends the moved SSUBSCRIBEs without waiting for them; ours, queued behind them
      // on the same connections, answer once every moved channel is live again. A node still
      // down fails them, and they are retried until it is back. Pages resync once all have answered.
      const stale = (channel: Channel) => channel.subscribed && (channel.moving || notLive.has(channel));
      const again = new Map([...moved(), ...[...channels].filter(([, channel]) => stale(channel))]);
      again.forEach((channel, name) => {
        movedAway(channel);
        subscribeUntilLive(name, channel);
      });
    });
  }
  countPubSubMessages(subscriber);

  return {
    subscribe(name, handler, moves) {
      let channel = channels.get(name);
      if (!channel) {
        let wentLive = () => {};
        const live = new Promise<void>((resolve) => (wentLive = resolve));
        channels.set(
          name,
          (channel = { handlers: new Set(), live, wentLive, subscribed: false, moves, moving: false, attempt: 0 }),
        );
        subscribeUntilLive(name, channel);
      }
      channel.handlers.add(handler);
      const mine = channel;
      return {
        ready: Promise.race([mine.live, sleep(SUBSCRIBE_WAIT_MS)]),
        live: () => mine.subscribed && !mine.moving && !notLive.has(mine) && status.current().redis === 'up',
        release() {
          if (!mine.handlers.delete(handler) || mine.handlers.size > 0 || channels.get(name) !== mine) return;
          channels.delete(name);
          clearTimeout(mine.retry);
          found(mine);
          void subscriber
            .sunsubscribe(name)
            .catch((error: Error) => log.warn({ err: error.message, channel: name }, 'sunsubscribe failed'));
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
