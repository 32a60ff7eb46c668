import type { RealtimeHub, Subscription } from './hub';

/**
 * Channels this instance listens to only while some socket needs them: the first watcher
 * subscribes (add resolves once subscribed, so a snapshot read after it misses nothing), the
 * last one gone unsubscribes. Watchers are counted by name, each once.
 */
export function whileWatched(hub: RealtimeHub, channels: () => readonly string[], handler: (message: string) => void) {
  const watchers = new Set<string>();
  let subscriptions: Subscription[] = [];
  return {
    async add(watcher: string): Promise<void> {
      watchers.add(watcher);
      if (subscriptions.length === 0) subscriptions = channels().map((channel) => hub.subscribe(channel, handler));
      await Promise.all(subscriptions.map((subscription) => subscription.ready));
    },
    remove(watcher: string): void {
      if (!watchers.delete(watcher) || watchers.size > 0) return;
      for (const subscription of subscriptions) subscription.release();
      subscriptions = [];
    },
    close(): void {
      watchers.clear();
      for (const subscription of subscriptions) subscription.release();
      subscriptions = [];
    },
  };
}
