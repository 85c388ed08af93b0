import type { UpdateHistoryItem } from '../codecs/scan/UpdateHistoryItem.js';
import type { UpdateHistoryItemV2 } from '../codecs/scan/UpdateHistoryItemV2.js';
import { cursorOfItem } from '../paging/byScanCursor.js';
import { toMicros } from './micros.js';

/**
 * How wide in record time a slice of about one page is, from a page read (a little narrower than
 * a page, so that a slice usually ends within one request); undefined when the page cannot tell.
 * @example
 * ```ts
 * pageWidth(items, 500); // items one millisecond apart: 475 ms in microseconds (475_001n)
 * ```
 * @internal
 */
export const pageWidth = (items: ReadonlyArray<UpdateHistoryItem | UpdateHistoryItemV2>, pageSize: number): bigint | undefined => {
  if (items.length < 2) return undefined;
  const first = cursorOfItem(items[0]!);
  const last = cursorOfItem(items[items.length - 1]!);
  if (first.migration_id !== last.migration_id) return undefined;
  const span = toMicros(last.record_time) - toMicros(first.record_time);
  return (span * BigInt(pageSize) * 19n) / (BigInt(items.length - 1) * 20n) + 1n;
};
