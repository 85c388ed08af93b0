import assert from 'node:assert/strict';
import { Command } from 'commander';
import { withOutputOptions } from '../../src/cli/withOutputOptions';

describe('withOutputOptions', () => {
  it('offers --out, --resume and --sink only where the stream allows them; ndjson by default', () => {
    const all = withOutputOptions(new Command('a'), { out: true, resume: true, sink: true });
    assert.deepEqual(all.options.map((o) => o.long), ['--format', '--out', '--resume', '--sink', '--sink-name', '--quiet']);
    const none = withOutputOptions(new Command('b'), { out: false, resume: false, sink: false });
    assert.deepEqual(none.options.map((o) => o.long), ['--format', '--quiet']);
    none.parse([], { from: 'user' });
    assert.equal(none.opts()['format'], 'ndjson');
  });
});
