import type { Project } from './types';

/** The demo catalogue: `npm run seed` and `npm run demo` load it. */
export const DEMO_PROJECTS: Project[] = [
  {
    slug: 'tidal-synth',
    title: 'Tidal Synth',
    tagline: 'An open-source synthesizer that plays the sea',
    description:
      'A pocket synthesizer whose oscillators follow live tide and wave data from coastal buoys. Open hardware, open firmware, and a community patch library from day one.',
    creator: 'Marisol Ortega',
    creatorAccount: 'account_marisol',
    goal: 40_000,
    raised: 27_350,
    art: { motif: 'waves', colors: ['#0c4a6e', '#0ea5e9', '#a5f3fc'] },
    tiers: [
      {
        id: 'patch-pack',
        title: 'Patch pack',
        description: 'Forty sounds of the sea, named after the buoys',
        minimum: 15,
      },
      {
        id: 'early-synth',
        title: 'Early bird synth',
        description: 'The synth itself, first batch',
        minimum: 180,
        limit: 50,
      },
    ],
  },
  {
    slug: 'summit-stories',
    title: 'Summit Stories',
    tagline: 'A documentary about the last fire lookouts',
    description:
      'Six lookouts, six summits, one season. A feature documentary about the people who still watch the forests from glass cabins above the tree line.',
    creator: 'Jonas Lindqvist',
    creatorAccount: 'account_jonas',
    goal: 65_000,
    raised: 48_120,
    art: { motif: 'peaks', colors: ['#14532d', '#65a30d', '#fde68a'] },
  },
  {
    slug: 'orbit-garden',
    title: 'Orbit Garden',
    tagline: 'A board game about growing food on a space station',
    description:
      'Cooperative strategy for 1 to 5 players: rotate modules, balance water and light, and keep the crew fed until the resupply arrives. Illustrated by twelve artists.',
    creator: 'Aiko Tanaka',
    creatorAccount: 'account_aiko',
    goal: 25_000,
    raised: 31_870,
    art: { motif: 'orbits', colors: ['#312e81', '#8b5cf6', '#f9a8d4'] },
    tiers: [
      { id: 'print-and-play', title: 'Print and play', description: 'The files, ready to print', minimum: 10 },
      { id: 'boxed-game', title: 'The boxed game', description: '', minimum: 45 },
      {
        id: 'artist-edition',
        title: "Artists' edition",
        description: 'Signed by all twelve artists',
        minimum: 150,
        limit: 12,
      },
    ],
  },
  {
    slug: 'open-loom',
    title: 'Open Loom',
    tagline: 'A desktop jacquard loom for makers',
    description:
      'A programmable loom that weaves pixel art into real cloth. Laser-cut frame, printable parts, and a browser app that turns any image into a weaving draft.',
    creator: 'Kwame Mensah',
    creatorAccount: 'account_kwame',
    goal: 55_000,
    raised: 12_940,
    art: { motif: 'grid', colors: ['#7c2d12', '#f97316', '#fef3c7'] },
    tiers: [
      { id: 'woven-patch', title: 'A woven patch', description: 'Your pixel art, woven on the prototype', minimum: 25 },
      { id: 'loom-kit', title: 'Loom kit', description: 'Every part, and the browser app', minimum: 320, limit: 30 },
    ],
  },
  {
    slug: 'solar-bakery',
    title: 'Solar Bakery',
    tagline: 'A village bakery that runs on sunlight',
    description:
      'A community bakery with a solar thermal oven, bread for the school every morning, and baking classes at weekends. Every backer gets a loaf named after them.',
    creator: 'Lucía Fernández',
    creatorAccount: 'account_lucia',
    goal: 30_000,
    raised: 19_480,
    art: { motif: 'sunrise', colors: ['#9a3412', '#f59e0b', '#fef9c3'] },
  },
];
