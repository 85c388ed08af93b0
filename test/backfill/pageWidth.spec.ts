import assert from 'node:assert/strict';
import type { UpdateHistoryItemV2 } from '../../src/codecs/scan/UpdateHistoryItemV2.js';
import { pageWidth } from '../../src/backfill/pageWidth.js';

const item = (m: number, ms: number): UpdateHistoryItemV2 =>
  ({ update_id: `u${m}-${ms}`, migration_id: m, record_time: new Date(Date.UTC(2025, 0, 1) + ms).toISOString().replace('Z', '000Z') }) as unknown as UpdateHistoryItemV2;

describe('pageWidth', () => {
  it('is a little narrower than a page of the density the page shows, in microseconds', () => {
    const items = Array.from({ length: 500 }, (_, i) => item(0, i));
    // 499 ms over 499 gaps: 1 ms an item, 500 items, 19/20 of that.
    assert.equal(pageWidth(items, 500), 475_001n);
    assert.equal(pageWidth(items.slice(0, 11), 100), 95_001n);
  });

  it('cannot tell from fewer than two items or a page across migrations', () => {
    assert.equal(pageWidth([], 10), undefined);
    assert.equal(pageWidth([item(0, 1)], 10), undefined);
    assert.equal(pageWidth([item(0, 1), item(1, 2)], 10), undefined);
  });
});
