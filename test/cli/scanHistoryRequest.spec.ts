import assert from 'node:assert/strict';
import { scanHistoryRequest } from '../../src/cli/scanHistoryRequest';
import { UsageError } from '../../src/cli/UsageError';

describe('scanHistoryRequest', () => {
  it('takes the page size, and the start when both --after flags are given', () => {
    assert.deepEqual(scanHistoryRequest({ pageSize: 7, pollInterval: 0 }), { page_size: 7 });
    assert.deepEqual(scanHistoryRequest({ pageSize: 7, pollInterval: 0, afterMigrationId: 4, afterRecordTime: '2025-06-01T00:00:00Z' }), { page_size: 7, after: { after_migration_id: 4, after_record_time: '2025-06-01T00:00:00Z' } });
  });

  it('refuses one --after flag without the other, and a record time that is no instant', () => {
    assert.throws(() => scanHistoryRequest({ pageSize: 7, pollInterval: 0, afterMigrationId: 4 }), (e: unknown) => e instanceof UsageError && /together/.test(e.message));
    assert.throws(() => scanHistoryRequest({ pageSize: 7, pollInterval: 0, afterMigrationId: 4, afterRecordTime: 'yesterday' }), (e: unknown) => e instanceof UsageError && /ISO-8601/.test(e.message));
  });
});
