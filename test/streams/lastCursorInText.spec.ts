import assert from 'node:assert/strict';
import { lastCursorInText } from '../../src/streams/lastCursorInText';
import { cursorOfItem } from '../../src/streams/checkpointOf';
import type { UpdateHistoryItemV2 } from '../../src/codecs/scan/UpdateHistoryItemV2';
import { readFixture } from '../helpers/fixtures';
import { scanHistory } from '../helpers/scanHistory';

describe('lastCursorInText', () => {
  it('finds the cursor of the last item of real MainNet pages, from the raw text', () => {
    for (const file of ['v2-updates__JosefinHao-canton__1.json', 'v2-updates__syed-bcw-canton-scan-tool__1.json']) {
      const page = readFixture('scan', file) as { transactions: UpdateHistoryItemV2[] };
      assert.deepEqual(lastCursorInText(JSON.stringify(page)), cursorOfItem(page.transactions.at(-1)!), file);
    }
  });

  it('a reassignment last: the migration id inside its event', () => {
    const items = scanHistory(5); // item 4 is an unassignment
    assert.deepEqual(lastCursorInText(JSON.stringify({ transactions: items })), { migration_id: 2, record_time: items[4]!.record_time });
  });

  it('nothing to guess from an empty page, a page without cursors, or values that are not a cursor', () => {
    assert.equal(lastCursorInText('{"transactions":[]}'), undefined);
    assert.equal(lastCursorInText('not json at all'), undefined);
    assert.equal(lastCursorInText('{"migration_id":1,"record_time":"yesterday"}'), undefined);
    assert.equal(lastCursorInText('{"migration_id":-1,"record_time":"2025-01-01T00:00:00Z"}'), undefined);
  });
});
