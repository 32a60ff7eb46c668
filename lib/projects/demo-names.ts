/** Backers from everywhere: names in many scripts, so the pages are exercised as they will be. */
export const BACKER_NAMES = [
  'Amara', 'Mateo', 'Zoë', 'Олег', '李娜', 'Priya', 'Kwame', 'Søren', 'فاطمة', 'Lucía', 'Nguyễn An',
  'Ayşe', 'Jonas', 'Chiara', 'Tomás', 'Yuki', 'Ingrid', 'Rafael', 'Anaïs', 'Dmitri', 'Leilani',
  'Kofi', 'Eun-ji', 'Marek', 'Saanvi', 'Björn', 'Nadia', 'Hiro', 'Aroha', 'Émile', 'Tendai',
];

/** The demo's news: the demo seed gives each project one, the simulator publishes more. */
export const NEWS_TITLES = [
  'Stretch goal unlocked: a second colour edition',
  'Behind the scenes: our first production run',
  'Thank you! We passed 500 backers',
  'Prototype field test, with photos',
  'Shipping plan and a new timeline',
  'Meet the team building it',
  'Live Q&A this Friday',
];
