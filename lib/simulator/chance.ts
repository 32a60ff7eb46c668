/** Where the simulator's chance comes from: `Math.random`, or a seeded source that replays the same draws (the tests'). */
export type Chance = () => number;

/** A random item of `items` (not empty). */
export const pick = <T>(items: readonly T[], chance: Chance = Math.random): T =>
  items[Math.floor(chance() * items.length)]!;

/** A number drawn evenly from `min` to `max`. */
export const between = (min: number, max: number, chance: Chance = Math.random) => min + chance() * (max - min);
