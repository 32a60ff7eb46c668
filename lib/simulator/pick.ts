/** A random item of `items` (not empty). */
export const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
