/**
 * A binary min-heap whose entries know their own position, so that an entry can be removed or
 * re-keyed in O(log n) without a search: what `mergeFeeds` needs for its buffer, where an update
 * joined by its second view may move. Used by one operator: not part of the public API.
 */

/** An entry of an {@link IndexedHeap}: the heap keeps `heapIndex` up to date (-1 when absent). */
export interface HeapEntry {
  heapIndex: number;
}

/**
 * A min-heap ordered by `compare` (negative when `a` comes first). `peek` is O(1); `push`, `pop`,
 * `remove` and `update` are O(log n). An entry is in at most one heap at a time.
 *
 * @example
 * ```ts
 * const heap = new IndexedHeap<{ heapIndex: number; n: number }>((a, b) => a.n - b.n);
 * const two = { heapIndex: -1, n: 2 };
 * heap.push({ heapIndex: -1, n: 3 });
 * heap.push(two);
 * two.n = 4;
 * heap.update(two);
 * heap.pop()?.n; // 3
 * ```
 */
export class IndexedHeap<T extends HeapEntry> {
  private readonly items: T[] = [];

  constructor(private readonly compare: (a: T, b: T) => number) {}

  get size(): number {
    return this.items.length;
  }

  peek(): T | undefined {
    return this.items[0];
  }

  push(entry: T): void {
    entry.heapIndex = this.items.length;
    this.items.push(entry);
    this.up(entry.heapIndex);
  }

  pop(): T | undefined {
    const top = this.items[0];
    if (top !== undefined) this.removeAt(0);
    return top;
  }

  /** Removes `entry` if it is in this heap; whether it was. */
  remove(entry: T): boolean {
    const i = entry.heapIndex;
    if (i < 0 || this.items[i] !== entry) return false;
    this.removeAt(i);
    return true;
  }

  /** Restores the order after `entry`'s key changed (it must be in this heap). */
  update(entry: T): void {
    this.down(this.up(entry.heapIndex));
  }

  private removeAt(i: number): void {
    const removed = this.items[i]!;
    const last = this.items.pop()!;
    removed.heapIndex = -1;
    if (last === removed) return;
    this.items[i] = last;
    last.heapIndex = i;
    this.down(this.up(i));
  }

  /** Moves the entry at `i` up while it comes before its parent; its final index. */
  private up(i: number): number {
    const entry = this.items[i]!;
    while (i > 0) {
      const parent = (i - 1) >>> 1;
      const p = this.items[parent]!;
      if (this.compare(entry, p) >= 0) break;
      this.items[i] = p;
      p.heapIndex = i;
      i = parent;
    }
    this.items[i] = entry;
    entry.heapIndex = i;
    return i;
  }

  private down(i: number): void {
    const n = this.items.length;
    const entry = this.items[i]!;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= n) break;
      const right = left + 1;
      const child = right < n && this.compare(this.items[right]!, this.items[left]!) < 0 ? right : left;
      const c = this.items[child]!;
      if (this.compare(c, entry) >= 0) break;
      this.items[i] = c;
      c.heapIndex = i;
      i = child;
    }
    this.items[i] = entry;
    entry.heapIndex = i;
  }
}
