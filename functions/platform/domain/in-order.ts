// Work on many items with a bounded number at once (photos decoded, invitations written and emailed): the
// answers in the items' order, and no new item started once one has failed.

/** Runs `work` on every item, at most `concurrency` at a time, keeping the input's order. */
export async function inOrder<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (next < items.length && !failed) {
      const i = next++;
      try {
        results[i] = await work(items[i] as T);
      } catch (e) {
        failed = true;
        throw e;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}
