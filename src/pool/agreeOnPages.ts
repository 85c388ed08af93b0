import { canonicalJson } from './canonicalJson.js';
import { withoutPointers } from './withoutPointers.js';

/** One page as one or more Scans sent it, byte for byte: its items, parsed once. @internal */
export interface PageAnswer {
  readonly scans: ReadonlyArray<string>;
  readonly items: ReadonlyArray<unknown>;
}

/** How the items of a page are told apart and compared: the descriptor's `agreement`. @internal */
export interface ItemRules {
  /** The member that names an item (`update_id`). */
  readonly id: string;
  /** The JSON pointers (as segments) whose values are left out of the comparison. */
  readonly ignore: ReadonlyArray<ReadonlyArray<string>>;
}

/** Scans that served one update id with different contents: one side per content, the largest first. @internal */
export interface PageConflict {
  readonly position: number;
  readonly updateId: string;
  readonly sides: ReadonlyArray<ReadonlyArray<string>>;
}

/** What the pages agree on. @internal */
export interface PageAgreement {
  /** The first `length` items of `pages[page]` are served alike by `needed` Scans or more. */
  readonly length: number;
  readonly page: number;
  /** Nothing agreed, and `needed` Scans or more sent an empty page: the end, as far as the pool knows. */
  readonly end: boolean;
  /** Agreement stopped where two contents each had `needed` Scans. */
  readonly tie: boolean;
  /** Same update id, other content: within the agreed prefix, and where agreement stopped. */
  readonly conflicts: ReadonlyArray<PageConflict>;
}

interface Bucket {
  readonly pages: PageAnswer[];
  weight: number;
  readonly item: unknown;
}

const weightOf = (pages: ReadonlyArray<PageAnswer>): number => pages.reduce((n, p) => n + p.scans.length, 0);

/**
 * The longest prefix that `needed` Scans serve item for item (same update id, same content but
 * for the ignored pointers). Pages are asked with the same request and `/v1`, `/v2` history is
 * the same on every Scan, so honest pages differ only in length: a lagging Scan or a short page
 * ends early and counts only as far as it goes. Pages sent byte for byte alike come as one
 * `PageAnswer`, so they cost nothing to compare; where several pages have an item at a position,
 * the items are compared as their JSON text, and only where that differs in a canonical form (key
 * order aside), item by item. An item with an agreed update id and other content is a conflict;
 * one with another update id at that place is only left behind (a Scan still ingesting one
 * synchronizer can show that), and compared no further.
 * @internal
 */
export const agreeOnPages = (pages: ReadonlyArray<PageAnswer>, needed: number, rules: ItemRules): PageAgreement => {
  const idOf = (item: unknown): string => String((item as Record<string, unknown> | null)?.[rules.id]);
  const comparable = (item: unknown): unknown => (rules.ignore.length === 0 ? item : withoutPointers(item, rules.ignore));
  let group: PageAnswer[] = [...pages];
  let length = 0;
  let tie = false;
  const conflicts: PageConflict[] = [];
  for (;;) {
    const present = group.filter((p) => length < p.items.length);
    if (present.length === 0) break;
    let buckets: Bucket[];
    if (present.length === 1) buckets = [{ pages: present, weight: weightOf(present), item: present[0]!.items[length] }];
    else {
      const byText = new Map<string, Bucket>();
      for (const p of present) {
        const item = p.items[length];
        const key = JSON.stringify(comparable(item)) ?? 'undefined';
        const b = byText.get(key);
        if (b === undefined) byText.set(key, { pages: [p], weight: p.scans.length, item });
        else {
          b.pages.push(p);
          b.weight += p.scans.length;
        }
      }
      buckets = [...byText.values()];
      if (buckets.length > 1) {
        // The texts differ: the same item in another key order is still the same item.
        const byCanonical = new Map<string, Bucket>();
        for (const b of buckets) {
          const key = canonicalJson(comparable(b.item));
          const same = byCanonical.get(key);
          if (same === undefined) byCanonical.set(key, b);
          else {
            same.pages.push(...b.pages);
            same.weight += b.weight;
          }
        }
        buckets = [...byCanonical.values()];
      }
    }
    buckets.sort((a, b) => b.weight - a.weight);
    if (buckets.length > 1) {
      const byId = new Map<string, Bucket[]>();
      for (const b of buckets) {
        const id = idOf(b.item);
        byId.set(id, [...(byId.get(id) ?? []), b]);
      }
      for (const [updateId, sides] of byId) if (sides.length > 1) conflicts.push({ position: length, updateId, sides: sides.map((s) => s.pages.flatMap((p) => p.scans)) });
    }
    const best = buckets[0]!;
    if (best.weight < needed) break;
    if ((buckets[1]?.weight ?? 0) >= needed) {
      tie = true;
      break;
    }
    group = best.pages;
    length++;
  }
  const end = length === 0 && !tie && weightOf(pages.filter((p) => p.items.length === 0)) >= needed;
  return { length, page: length > 0 ? pages.indexOf(group[0]!) : -1, end, tie, conflicts };
};
