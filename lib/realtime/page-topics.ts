import { defaultLeaderboardContext } from '../leaderboard/context';
import { catalogueKeys } from '../projects/keys';
import type { RealtimeHub, Subscription } from './hub';
import type { LiveRelay } from './relay';

/** What a shared page is drawn from: a change to it makes the page stale on every instance. `shell`: nothing (the quiz, the admin console, the ops dashboard, the home feed). */
export type PageTopic =
  { kind: 'project'; slug: string } | { kind: 'catalogue' } | { kind: 'leaderboard' } | { kind: 'shell' };

const nothingToHear = { ready: Promise.resolve(), live: () => true, release: () => undefined };

export type PageTopics = {
  /** Subscribes to the topic's channel; `stale` is called for every change heard on it, and when it may have missed one. */
  watch(topic: PageTopic, stale: () => void): Subscription;
  /** After an outage every page may have missed changes. */
  onRedisUp(handler: () => void): void;
};

/**
 * The channels the page cache listens to, on the instance's one hub: a project's own channel
 * through the relay (so a page render and the sockets share the relay's snapshot of it), and the
 * catalogue's and the boards' channels.
 */
export function pageTopics(hub: RealtimeHub, relay: LiveRelay): PageTopics {
  return {
    watch(topic, stale) {
      if (topic.kind === 'shell') return nothingToHear;
      if (topic.kind === 'project') return relay.watch(topic.slug, stale);
      const channel = topic.kind === 'catalogue' ? catalogueKeys.changes : defaultLeaderboardContext().keys.changes;
      return hub.subscribe(channel, stale, { interrupted: stale, resumed: () => undefined });
    },
    onRedisUp: (handler) => hub.onRedisUp(handler),
  };
}
