/**
 * Page objects for crowdpulse's pages, for this repo's specs and for QA engineers' own flows:
 * every locator is a test id listed in docs/testing.md ("Test ids"), so a markup change that
 * keeps the ids breaks no flow. `import { ProjectPage } from '<repo>/e2e/pages'`.
 */
export { AdminConsole } from './admin-console';
export { CataloguePage } from './catalogue-page';
export { ErrorPages } from './error-pages';
export { FeedPage } from './feed-page';
export { LeaderboardPage, type BoardPeriod } from './leaderboard-page';
export { ProjectPage } from './project-page';
export { QuizPage } from './quiz-page';
export { promisedTestIds, TestIdsSeen, type PromisedPage } from './test-ids';
