/**
 * A bounded map that keeps the most recently used entries: a hit moves its entry to the newest
 * end, and past `max` entries the least recently used one is dropped. For answers worth
 * remembering per caller (a verified token, a verified guest id) without letting a stream of
 * distinct values grow the gateway's memory.
 */
export function createRecentMap<V>(max: number) {
  const entries = new Map<string, V>();
  return {
    get(key: string): V | undefined {
      const value = entries.get(key);
      if (value !== undefined) {
        // Map keeps insertion order: re-inserting makes this the newest entry.
        entries.delete(key);
        entries.set(key, value);
      }
      return value;
    },
    set(key: string, value: V) {
      entries.delete(key);
      entries.set(key, value);
      if (entries.size > max) entries.delete(entries.keys().next().value!);
    },
    delete(key: string) {
      entries.delete(key);
    },
    get size() {
      return entries.size;
    },
  };
}
