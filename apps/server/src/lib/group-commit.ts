/** How a group commit writes: one item alone, or a batch of queued items (results in order). */
export interface GroupCommitWriter<K, I, O> {
  one(key: K, item: I): Promise<O>;
  many(key: K, items: I[]): Promise<O[]>;
}

export interface GroupCommitOptions {
  /** Items that queue together go in one batch, at most this many at a time. */
  maxBatch: number;
  /**
   * When a batch fails: retry its items one by one, so one bad item fails only its own caller
   * (else every caller of the batch gets the error).
   */
  retryOneByOne?: boolean;
}

interface Queued<I, O> {
  item: I;
  resolve(result: O): void;
  reject(err: unknown): void;
}

/**
 * Group commit per key. The first item for an idle key is written at the end of the current turn
 * of the event loop (`setImmediate`: after the I/O callbacks already due, with no clock timer), so
 * the items that arrive in the same turn go together; items that arrive while a write of that key
 * is in flight queue and go together in the next batch. Waiting for the turn matters on PGlite,
 * whose writes run on this thread: a write started at once would finish before any other request
 * got to queue behind it, and every batch would hold one item. Every caller's promise settles only
 * once its own item is written. Per process.
 */
export class GroupCommit<K, I, O> {
  private readonly queues = new Map<K, Queued<I, O>[]>();

  constructor(
    private readonly writer: GroupCommitWriter<K, I, O>,
    private readonly options: GroupCommitOptions,
  ) {}

  submit(key: K, item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      const queue = this.queues.get(key);
      if (queue) {
        queue.push({ item, resolve, reject });
        return;
      }
      this.queues.set(key, [{ item, resolve, reject }]);
      setImmediate(() => this.drain(key));
    });
  }

  private async drain(key: K): Promise<void> {
    for (;;) {
      const queue = this.queues.get(key) ?? [];
      if (queue.length === 0) {
        this.queues.delete(key);
        return;
      }
      const batch = queue.splice(0, this.options.maxBatch);
      try {
        const results =
          batch.length === 1
            ? [await this.writer.one(key, (batch[0] as Queued<I, O>).item)]
            : await this.writer.many(
                key,
                batch.map((q) => q.item),
              );
        for (const [i, q] of batch.entries()) q.resolve(results[i] as O);
      } catch (err) {
        if (this.options.retryOneByOne && batch.length > 1) await this.oneByOne(key, batch);
        else for (const q of batch) q.reject(err);
      }
    }
  }

  private async oneByOne(key: K, batch: Queued<I, O>[]): Promise<void> {
    for (const q of batch) {
      try {
        q.resolve(await this.writer.one(key, q.item));
      } catch (err) {
        q.reject(err);
      }
    }
  }
}
