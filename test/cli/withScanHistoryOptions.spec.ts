import assert from 'node:assert/strict';
import { Command } from 'commander';
import { withScanHistoryOptions } from '../../src/cli/withScanHistoryOptions';

describe('withScanHistoryOptions', () => {
  it('offers --follow, --poll-interval, --page-size and the --after-* start, with their defaults and whole numbers', () => {
    const command = withScanHistoryOptions(new Command('updates').exitOverride());
    assert.deepEqual(command.options.map((o) => o.long), ['--follow', '--poll-interval', '--page-size', '--after-migration-id', '--after-record-time']);
    command.parse(['--after-migration-id', '4', '--after-record-time', '2025-06-01T00:00:00Z'], { from: 'user' });
    assert.deepEqual(command.opts(), { pollInterval: 2000, pageSize: 500, afterMigrationId: 4, afterRecordTime: '2025-06-01T00:00:00Z' });
    const zero = withScanHistoryOptions(new Command('activity').exitOverride().configureOutput({ writeErr: () => {} }));
    assert.throws(() => zero.parse(['--page-size', '0'], { from: 'user' }));
  });
});
