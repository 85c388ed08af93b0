import assert from 'node:assert/strict';
import { Command } from 'commander';
import { withSnapshotOptions } from '../../src/cli/withSnapshotOptions';

describe('withSnapshotOptions', () => {
  const parse = (argv: string[]) => withSnapshotOptions(new Command('x').exitOverride().configureOutput({ writeErr: () => undefined })).parse(argv, { from: 'user' }).opts();

  it('parses the snapshot flags, with exact matching and pages of 500 by default', () => {
    assert.deepEqual(parse(['--migration-id', '4', '--record-time', '2025-06-01T00:00:00Z']), { migrationId: 4, recordTime: '2025-06-01T00:00:00Z', match: 'exact', pageSize: 500 });
    assert.deepEqual(parse(['--match', 'at_or_before', '--page-size', '10']), { match: 'at_or_before', pageSize: 10 });
  });

  it('refuses a match that is neither exact nor at_or_before, and a page size below 1', () => {
    assert.throws(() => parse(['--match', 'after']), /Allowed choices are exact, at_or_before/);
    assert.throws(() => parse(['--page-size', '0']));
  });
});
