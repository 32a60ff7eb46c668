import type { RedisClient } from '../redis/client';
import { readHydrated } from '../timeline/timeline';
import type { FoldingConfig } from './config';
import { foldingKeys, shardOf, type FoldingKeys } from './keys';
import { mergeStates, parseFold, parsePublishedFold, parseState } from './parse';
import type { Fold, FoldingState, Merge, PublishedFold } from './types';
import { TIMELINE_SLACK } from '../timeline/config';
import { ackFold, claimDueFolds, foldEvent, readFoldingState, type RawFold } from './scripts';

/** What makes a folder: how to name it, group its events, and merge their fields. */
export type FolderSpec<Event> = {
  /** Lower-case letters, digits and dashes: it names the folder's keys. */
  name: string;
  groupOf: (event: Event) => string;
  fieldsOf: (event: Event) => Record<string, number>;
  merge: Merge;
};

export type Claim = { folds: Fold[]; nextDueAt: number | null };

/** A poller's hold on one shard (claim-due.lua): its id and how long the lease lasts unless renewed. */
export type ShardLease = { poller: string; ttlMs: number };

/** A claim on one shard under a poller lease: the claim, or how long another poller still holds the shard. */
export type ShardClaim = ({ held: true } & Claim) | { held: false; retryInMs: number };

/**
 * Folds bursts of events into one per group once the group is quiet for the window (or has
 * waited the maximum), as "Reducing System Load With Event Folding" does, with each step one script: fold, claim, ack.
 * Every method takes `now` so that tests and several instances agree on the clock they pass.
 * The folder is `config.shards` independent shards (one slot each); a group lives in one, so
 * exactly-once publication and the maximum wait hold per shard, and claims ask every shard.
 */
export class Folder<Event> {
  readonly shards: FoldingKeys[];

  constructor(
    readonly spec: FolderSpec<Event>,
    readonly config: FoldingConfig,
    readonly redis: RedisClient,
  ) {
    if (!/^[a-z0-9-]{1,40}$/.test(spec.name)) throw new Error(`not a folder name: ${spec.name}`);
    this.shards = Array.from({ length: config.shards }, (_, shard) => foldingKeys(spec.name, shard));
  }

  /** The keys of the shard holding `group`. */
  keysOf(group: string): FoldingKeys {
    return this.shards[shardOf(group, this.shards.length)]!;
  }

  /** The keys of the shard holding a fold, by its idempotency key `group:sequence`. */
  keysOfFold(key: string): FoldingKeys {
    return this.keysOf(key.slice(0, key.lastIndexOf(':')));
  }

  /** Adds an event to its group; true when it folded into a pending one. One round trip. */
  async fold(event: Event, now: number): Promise<boolean> {
    const group = this.spec.groupOf(event);
    const k = this.keysOf(group);
    const folded = await foldEvent.run(
      this.redis,
      { ...k, fields: k.fields(group) },
      {
        now,
        group,
        merge: this.spec.merge,
        window: this.config.windowMs,
        fields: Object.entries(this.spec.fieldsOf(event)).flat(),
      },
    );
    return folded === 'folded';
  }

  /** Claims the due folds (and those whose lease ran out) under a lease. One round trip per shard, in parallel. */
  async claimDue(now: number): Promise<Claim> {
    const claims = await Promise.all(this.shards.map((k) => this.claimDueIn(k, now)));
    const dueTimes = claims.flatMap(({ folds, nextDueAt }) =>
      folds.length >= this.config.batch ? now : (nextDueAt ?? []),
    );
    return { folds: claims.flatMap((claim) => claim.folds), nextDueAt: dueTimes.length ? Math.min(...dueTimes) : null };
  }

  /** Claims on the shard numbered `shard`, if `lease.poller` holds (or takes) its lease. One round trip. */
  async claimDueOn(shard: number, now: number, lease: ShardLease): Promise<ShardClaim> {
    const [nextDueAt, ...rest] = await this.claimScript(this.shards[shard]!, now, lease);
    if (nextDueAt === -2) return { held: false, retryInMs: Math.max(0, Number(rest[0])) };
    return { held: true, folds: (rest as RawFold[]).map(parseFold), nextDueAt: nextDueAt < 0 ? null : nextDueAt };
  }

  private async claimDueIn(k: FoldingKeys, now: number): Promise<Claim> {
    const [nextDueAt, ...folds] = await this.claimScript(k, now, { poller: '', ttlMs: 0 });
    return { folds: (folds as RawFold[]).map(parseFold), nextDueAt: nextDueAt < 0 ? null : nextDueAt };
  }

  private claimScript(k: FoldingKeys, now: number, lease: ShardLease) {
    const { windowMs: window, maxWaitMs: maxWait, leaseMs, batch } = this.config;
    return claimDueFolds.run(this.redis, k, {
      now,
      window,
      maxWait,
      lease: leaseMs,
      batch,
      merge: this.spec.merge,
      poller: lease.poller,
      pollerTtl: lease.ttlMs,
    });
  }

  /** Publishes a claimed fold; false when it had been published already. One round trip. */
  async ack(key: string, now: number): Promise<boolean> {
    const k = this.keysOfFold(key);
    return ackFold.run(
      this.redis,
      { ...k, fold: k.fold(key) },
      {
        key,
        now,
        folder: this.spec.name,
        cap: this.config.publishedCap,
        slack: TIMELINE_SLACK,
        ttl: this.config.publishedTtlMs,
      },
    );
  }

  /** Counters summed over the shards, and the `limit` oldest pending groups. One round trip per shard. */
  async state(limit = 20): Promise<FoldingState> {
    const states = await Promise.all(this.shards.map((k) => readFoldingState.run(this.redis, k, { limit })));
    return parseState(mergeStates(states, limit), this.config);
  }

  /** The latest published folds of every shard, newest first, read from their normalized timelines. */
  async published(limit: number): Promise<PublishedFold[]> {
    const shards = await Promise.all(
      this.shards.map((k) => readHydrated(this.redis, k.published, k.foldPrefix, limit)),
    );
    return shards
      .flat()
      .flatMap(({ fields }) => parsePublishedFold(fields) ?? [])
      .toSorted((a, b) => b.publishedAt - a.publishedAt)
      .slice(0, limit);
  }
}
