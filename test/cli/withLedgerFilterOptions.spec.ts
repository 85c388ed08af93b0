import assert from 'node:assert/strict';
import { Command } from 'commander';
import { withLedgerFilterOptions } from '../../src/cli/withLedgerFilterOptions';

describe('withLedgerFilterOptions', () => {
  it('repeatable parties and template ids, a shape from two choices, acs-delta by default', () => {
    const c = withLedgerFilterOptions(new Command('u'));
    c.parse(['--party', 'a::1', '--party', 'b::2,c::3', '--template-id', '#p:M:T'], { from: 'user' });
    assert.deepEqual(c.opts(), { party: ['a::1', 'b::2', 'c::3'], templateId: ['#p:M:T'], shape: 'acs-delta', pageSize: 200 });
  });
});
