/**
 * A bounded map that forgets the least recently used entry.
 * JavaScript's Map keeps insertion order, so re-inserting on read moves an
 * entry to the "newest" end and the first key is always the oldest.
 */
export class LruMap<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError('LruMap capacity must be a positive integer');
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  /** Drops every entry the test picks (a scan: for rare events, not the hot path). */
  deleteWhere(test: (value: V, key: K) => boolean): void {
    for (const [key, value] of this.entries) if (test(value, key)) this.entries.delete(key);
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value as K;
      this.entries.delete(oldest);
    }
  }
}
