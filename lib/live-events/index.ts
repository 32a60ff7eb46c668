export { recordContribution, cancelContribution } from './contributions';
export { publishNews, unpublishNews } from './news';
export { importEvents } from './import';
export { readLiveSnapshot } from './snapshot';
export { joinProject, leaveProject, heartbeatVisitors, settleVisitors, type Tab } from './presence';
export type { Contributor, NewsItem, LiveSnapshot, LiveChange } from './types';
export type { LiveEventsContext } from './context';
export { recordEvent, type EventInput } from './record-event';
export { reconcileLedger, type Reconciliation } from './ledger';
