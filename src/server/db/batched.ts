export type BatchOptions = {
  /** Items run together at most. */
  maxBatch: number;
  /** Batches running at once; the next one starts when one of them ends. */
  maxInFlight: number;
};

type Waiting<T, R> = { item: T; resolve: (result: R) => void; reject: (error: unknown) => void };

/**
 * Group commit for one kind of work: calls made while `maxInFlight` batches
 * are running wait, and go together as the next batch, one round trip and one
 * statement for all of them. A call when a batch may start runs at once (on the
 * next turn of the event loop, with whatever else arrived in that turn), so a
 * quiet server answers as fast as without batching, and a busy one does less
 * work per item. `run` answers each item in order; when it throws, every item
 * of that batch gets the error.
 */
export function batched<T, R>(
  run: (items: T[]) => Promise<R[]>,
  { maxBatch, maxInFlight }: BatchOptions,
): (item: T) => Promise<R> {
  const waiting: Waiting<T, R>[] = [];
  let inFlight = 0;
  let scheduled = false;

  const settle = (batch: Waiting<T, R>[], results: R[]) => {
    for (const [i, one] of batch.entries()) one.resolve(results[i] as R);
  };

  const flush = (): void => {
    scheduled = false;
    while (inFlight < maxInFlight && waiting.length > 0) {
      const batch = waiting.splice(0, maxBatch);
      inFlight += 1;
      // A `run` that throws before its first await is a rejection like any other.
      Promise.resolve()
        .then(() => run(batch.map((one) => one.item)))
        .then(
          (results) => settle(batch, results),
          (error: unknown) => {
            for (const one of batch) one.reject(error);
          },
        )
        .finally(() => {
          inFlight -= 1;
          flush();
        });
    }
  };

  return (item) =>
    new Promise<R>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (scheduled || inFlight >= maxInFlight) return;
      scheduled = true;
      setImmediate(flush);
    });
}
