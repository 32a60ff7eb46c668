/**
 * Every key of a project shares the hash tag `{project:<slug>}`, so a script touching several
 * of them runs on Redis Cluster (one slot). Slugs are validated to [a-z0-9-], so no slug can
 * smuggle a brace into the tag.
 */
export function projectTag(slug: string): string {
  return `{project:${slug}}`;
}

export const projectKeys = {
  /** Hash: title, creator, goal, raised, … (the source of truth; `raised` changes with every contribution). */
  info: (slug: string) => `${projectTag(slug)}:info`,
  /** Hash pledge id -> `amount|at|tier|cancelled|backer`: every pledge for the project's life, and the backers' index `~<backer id>` -> pledges standing (lib/redis/includes/ledger.lua). */
  ledger: (slug: string) => `${projectTag(slug)}:ledger`,
  /** Where the backers' index lives: the ledger itself, one key for both (a script's `backers` KEYS entry). */
  backers: (slug: string) => `${projectTag(slug)}:ledger`,
  /** Before the ledger: the set of everyone who ever backed (`v:<visitor>`, `n:<name>`); read once by `npm run backfill-ledgers`. */
  legacyBackers: (slug: string) => `${projectTag(slug)}:backers`,
  /** Between the ledger and the index inside it: hash backer -> pledges standing; moved into the ledger by `npm run backfill-ledgers`. */
  legacyBackerPledges: (slug: string) => `${projectTag(slug)}:backer-pledges`,
  /** SCAN's pattern for every project's info key, and the slug back from one (a one-shot job's walk). */
  infoPattern: '{project:*}:info',
  slugOfInfo: (key: string) => key.slice('{project:'.length, -'}:info'.length),
  /** Prefix of the tiers' hold zsets `<prefix><tier>`: visitor -> when the hold lapses (lib/redis/includes/holds.lua). */
  holds: (slug: string) => `${projectTag(slug)}:holds:`,
  /** Sharded pub/sub channel (SPUBLISH) of the project's changes: live events, and a save (its cached page renders again). */
  changes: (slug: string) => `${projectTag(slug)}:changes`,
} as const;

/**
 * The catalogue's keys share the tag `{catalogue}`: one script keeps the listing order, the cards
 * and the creator index in step, and a page is two commands to one slot whatever the catalogue's
 * size. Account ids are validated to [A-Za-z0-9_-], so none can leave the tag.
 */
export const catalogueKeys = {
  /** Sorted set, every score 0, members `<position, 16 digits>:<slug>`: read by lex range, a cursor is a member. */
  order: '{catalogue}:order',
  /** Hash: slug -> the project's card (JSON): its fields, the total last copied, its order member. */
  cards: '{catalogue}:cards',
  /** Prefix of the sets of slugs per creator account: `{catalogue}:creator:<account>`. */
  creatorPrefix: '{catalogue}:creator:',
  byCreator: (account: string) => `{catalogue}:creator:${account}`,
  /** Sorted set slug -> endsAt: every project whose end is still to announce (listed or not); listed ones make the "ending soon" listing. */
  ends: '{catalogue}:ends',
  /** Sorted set, every score 0, members `<endsAt, 13 digits>:<slug>` of the listed projects with an end: "ending soon" by lex range from now. */
  ending: '{catalogue}:ending',
  /** Sharded pub/sub channel (SPUBLISH): a card was saved or its total copied; pages cached from the catalogue are stale. */
  changes: '{catalogue}:changes',
} as const;
