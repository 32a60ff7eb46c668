/**
 * Sets `key` in a map kept to at most `max` entries, the oldest set forgotten first (a Map
 * iterates in the order its keys were set): for what a client can make the server remember.
 */
export function setBounded<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value as K);
}
