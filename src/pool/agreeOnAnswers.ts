/**
 * The key most answers share, and how many share it. Failures have no key: they never agree
 * with anything, not even with each other, so that fast failures cannot form a consensus (splice
 * PR #5770).
 * @internal
 */
export const bestKey = (keys: ReadonlyArray<string | undefined>): { readonly key: string; readonly count: number } | undefined => {
  const counts = new Map<string, number>();
  let best: { key: string; count: number } | undefined;
  for (const k of keys) {
    if (k === undefined) continue;
    const c = (counts.get(k) ?? 0) + 1;
    counts.set(k, c);
    if (best === undefined || c > best.count) best = { key: k, count: c };
  }
  return best;
};
