import assert from 'node:assert/strict';
import { snapshotRequest } from '../../src/cli/snapshotRequest';
import { UsageError } from '../../src/cli/UsageError';

describe('snapshotRequest', () => {
  it('maps the snapshot flags to the request fields', () => {
    assert.deepEqual(snapshotRequest({ migrationId: 4, recordTime: '2025-06-01T00:00:00Z', match: 'at_or_before', pageSize: 10 }), {
      migration_id: 4,
      record_time: '2025-06-01T00:00:00Z',
      record_time_match: 'at_or_before',
      page_size: 10,
    });
  });

  it('a missing migration id or record time is bad usage naming both flags', () => {
    for (const flags of [{ recordTime: '2025-06-01T00:00:00Z' }, { migrationId: 0 }]) {
      assert.throws(() => snapshotRequest({ ...flags, match: 'exact', pageSize: 1 }), (e: unknown) => e instanceof UsageError && /--migration-id <id> and --record-time <time>/.test(e.message));
    }
  });
});
