/** Backers from everywhere: names in many scripts, so the pages are exercised as they will be. */
export const BACKER_NAMES = [
  'Amara', 'Mateo', 'Zoë', 'Олег', '李娜', 'Priya', 'Kwame', 'Søren', 'فاطمة', 'Lucía', 'Nguyễn An',
  'Ayşe', 'Jonas', 'Chiara', 'Tomás', 'Yuki', 'Ingrid', 'Rafael', 'Anaïs', 'Dmitri', 'Leilani',
  'Kofi', 'Eun-ji', 'Marek', 'Saanvi', 'Björn', 'Nadia', 'Hiro', 'Aroha', 'Émile', 'Tendai',
];

export const NEWS_TITLES = [
  'Stretch goal unlocked: a second colour edition',
  'Behind the scenes: our first production run',
  'Thank you! We passed 500 backers',
  'Prototype field test, with photos',
  'Shipping plan and a new timeline',
  'Meet the team building it',
  'Live Q&A this Friday',
];

/** A random item of `items` (not empty). */
export const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
