/** One Scan's page of history: per item its update id and canonical content. @internal */
export interface PageAnswer {
  readonly scan: string;
  readonly items: ReadonlyArray<{ readonly id: string; readonly key: string }>;
}

/** What `needed` Scans agree on of one history page. @internal */
export interface PageAgreement {
  /** The agreed items are the first `length` of `from`'s page (0: the Scans agree there is nothing). */
  readonly length: number;
  readonly from: string;
  /** Scans that served an agreed update id with other content. */
  readonly liars: ReadonlyArray<{ readonly scan: string; readonly updateId: string }>;
}

/**
 * The longest prefix of the pages that `needed` Scans serve item for item (same update id, same
 * canonical content), or undefined when they agree on nothing yet. Pages are asked with the same
 * request, and `/v1`, `/v2` history is the same on every Scan, so honest pages differ only in
 * length: a lagging Scan or a short page ends early, and counts only as far as it goes. A Scan
 * whose item has an agreed update id but other content is a liar; one with another update id at
 * that place is only left behind (a Scan still ingesting one synchronizer can show that).
 * @internal
 */
export const agreeOnPages = (pages: ReadonlyArray<PageAnswer>, needed: number): PageAgreement | undefined => {
  let group = pages;
  let length = 0;
  const liars: Array<{ scan: string; updateId: string }> = [];
  for (;;) {
    const byKey = new Map<string, PageAnswer[]>();
    for (const p of group) {
      const item = p.items[length];
      if (item === undefined) continue;
      const same = byKey.get(item.key);
      if (same === undefined) byKey.set(item.key, [p]);
      else same.push(p);
    }
    let best: PageAnswer[] | undefined;
    for (const g of byKey.values()) if (best === undefined || g.length > best.length) best = g;
    if (best === undefined || best.length < needed) break;
    const agreed = best[0]!.items[length]!;
    for (const p of group) {
      const item = p.items[length];
      if (item !== undefined && item.key !== agreed.key && item.id === agreed.id && !liars.some((l) => l.scan === p.scan)) liars.push({ scan: p.scan, updateId: item.id });
    }
    group = best;
    length++;
  }
  if (length > 0) return { length, from: group.reduce((a, b) => (b.items.length > a.items.length ? b : a)).scan, liars };
  const empty = pages.filter((p) => p.items.length === 0);
  return empty.length >= needed ? { length: 0, from: empty[0]!.scan, liars: [] } : undefined;
};
