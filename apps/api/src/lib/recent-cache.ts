import { LRUCache } from 'lru-cache';

/**
 * Values read from the database kept for a few seconds, bounded in number. Whatever ends one
 * (`forget`, `clear`) also discards the reads in flight at that moment: a read that started
 * before a change was committed and answers after it was announced never fills the cache with
 * what the change ended. While `holding` is false (no one is listening for the changes that end
 * entries) nothing is kept and every read goes to the database.
 */
export class RecentCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>> {
  readonly #entries: LRUCache<K, V>;
  readonly #ttlMs: number;
  /** Counts the endings: a read is kept only if none happened while it ran. */
  #endings = 0;
  holding = false;

  constructor(options: { max: number; ttlMs: number }) {
    this.#ttlMs = options.ttlMs;
    this.#entries = new LRUCache<K, V>({ max: options.max, ttl: Math.max(1, options.ttlMs) });
  }

  /**
   * The value of `key`, from memory when read in the last few seconds, else from `read`.
   * `keepMs` shortens how long this value may be kept (a session that ends sooner); a value
   * answered as null is not kept.
   */
  async get(
    key: K,
    read: () => Promise<V | null>,
    keepMs?: (value: V) => number,
  ): Promise<V | null> {
    const kept = this.#entries.get(key);
    if (kept !== undefined) return kept;
    const endings = this.#endings;
    const value = await read();
    if (value === null || !this.holding || this.#ttlMs === 0 || endings !== this.#endings)
      return value;
    const ttl = Math.min(this.#ttlMs, keepMs?.(value) ?? this.#ttlMs);
    if (ttl > 0) this.#entries.set(key, value, { ttl });
    return value;
  }

  /** Ends every kept value `ended` says the change ended. */
  forget(ended: (value: V, key: K) => boolean): void {
    this.#endings += 1;
    for (const [key, value] of this.#entries.entries()) {
      if (ended(value, key)) this.#entries.delete(key);
    }
  }

  /** Ends every kept value. */
  clear(): void {
    this.#endings += 1;
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}
