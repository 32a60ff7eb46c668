export { follow, unfollow, listFollows, followerCount } from './follows';
export { readFeed, type FeedPage } from './read';
export { drainProject, pushToFeeds } from './fanout';
export { noteFeedWork, workOnce, startFanoutWorkers, type FeedWork } from './work';
export { defaultFeedContext, type FeedContext } from './context';
export { feedEntrySchema, refSchema, type FeedEntry } from './entries';
export { feedConfigFromEnv, type FeedConfig } from './config';
export { sweepOnce, leaveSweep, SWEEP_PAGE, type SweepTick } from './sweep';
