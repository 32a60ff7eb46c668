import type { RedisClient } from '../redis/client';
import { readHydrated } from '../timeline/timeline';
import type { FoldingConfig } from './config';
import { foldingKeys, type FoldingKeys } from './keys';
import { parseFold, parsePublishedFold, parseState } from './parse';
import type { Fold, FoldingState, Merge, PublishedFold } from './types';
import { TIMELINE_SLACK } from '../timeline/config';
import { withFoldingScripts } from './commands';

/** What makes a folder: how to name it, group its events, and merge their fields. */
export type FolderSpec<Event> = {
  /** Lower-case letters, digits and dashes: it names the folder's keys. */
  name: string;
  groupOf: (event: Event) => string;
  fieldsOf: (event: Event) => Record<string, number>;
  merge: Merge;
};

export type Claim = { folds: Fold[]; nextDueAt: number | null };

/**
 * Folds bursts of events into one per group once the group is quiet for the window (or has
 * waited the maximum), as the seed does, with each step one script: fold, claim, ack.
 * Every method takes `now` so that tests and several instances agree on the clock they pass.
 */
export class Folder<Event> {
  readonly keys: FoldingKeys;

  constructor(
    readonly spec: FolderSpec<Event>,
    readonly config: FoldingConfig,
    readonly redis: RedisClient,
  ) {
    if (!/^[a-z0-9-]{1,40}$/.test(spec.name)) throw new Error(`not a folder name: ${spec.name}`);
    this.keys = foldingKeys(spec.name);
  }

  /** Adds an event to its group; true when it folded into a pending one. One round trip. */
  async fold(event: Event, now: number): Promise<boolean> {
    const group = this.spec.groupOf(event);
    const k = this.keys;
    const folded = await withFoldingScripts(this.redis).foldEvent(
      k.lastEvent, k.firstEvent, k.fields(group), k.eventsPerGroup, k.recentlyClaimed, k.counters,
      now, group, this.spec.merge, this.config.windowMs,
      ...Object.entries(this.spec.fieldsOf(event)).flat(),
    );
    return folded === 1;
  }

  /** Claims the due folds (and those whose lease ran out) under a lease. One round trip. */
  async claimDue(now: number): Promise<Claim> {
    const k = this.keys;
    const [nextDueAt, ...folds] = await withFoldingScripts(this.redis).claimDueFolds(
      k.lastEvent, k.firstEvent, k.eventsPerGroup, k.recentlyClaimed, k.claimed, k.counters,
      now, this.config.windowMs, this.config.maxWaitMs, this.config.leaseMs, this.config.batch,
      this.spec.merge, k.prefix,
    );
    return { folds: folds.map(parseFold), nextDueAt: nextDueAt < 0 ? null : nextDueAt };
  }

  /** Publishes a claimed fold; false when it had been published already. One round trip. */
  async ack(key: string, now: number): Promise<boolean> {
    const k = this.keys;
    const published = await withFoldingScripts(this.redis).ackFold(
      k.claimed, k.fold(key), k.published, k.counters, k.changes,
      key, now, this.spec.name,
      this.config.publishedCap, TIMELINE_SLACK, this.config.publishedTtlMs,
    );
    return published === 1;
  }

  /** Counters, and the `limit` oldest pending groups. One round trip. */
  async state(limit = 20): Promise<FoldingState> {
    const k = this.keys;
    return parseState(
      await withFoldingScripts(this.redis).readFoldingState(k.counters, k.lastEvent, k.firstEvent, k.eventsPerGroup, k.claimed, limit),
      this.config,
    );
  }

  /** The latest published folds, newest first, read from the normalized timeline. */
  async published(limit: number): Promise<PublishedFold[]> {
    const rows = await readHydrated(this.redis, this.keys.published, this.keys.foldPrefix, limit);
    return rows.flatMap(({ fields }) => parsePublishedFold(fields) ?? []);
  }
}
