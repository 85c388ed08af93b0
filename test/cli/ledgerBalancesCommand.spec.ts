import assert from 'node:assert/strict';
import { ledgerBalancesPlan } from '../../src/cli/ledgerBalancesCommand';
import { UsageError } from '../../src/cli/UsageError';
import { createClient } from '../../src/clientFactory/createClient';

// The command itself runs against the simulated network in ledgerTokenHistoryCommand.spec.ts.
describe('ledger balances: its plan', () => {
  const client = createClient({ ledger: { url: 'http://127.0.0.1:9' } });
  const flags = { party: 'alice::1', standardVersion: 'V1', strictIgnore: [], pageSize: 10, pollInterval: 1000 };

  it('resumes from a printed line\'s checkpoint, and from nothing else', () => {
    const plan = ledgerBalancesPlan(client, flags);
    const line = JSON.parse(JSON.stringify({ _tag: 'TokenBalances', updateId: 'u', offset: 42, recordTime: null, balances: [], checkpoint: { stream: 'ledger.updates', offset: 42 } }));
    assert.deepEqual(plan.checkpointOfLine!(line), { stream: 'ledger.updates', offset: 42 });
    assert.equal(plan.checkpointOfLine!({ offset: 42 }), undefined);
    assert.equal(plan.checkpointOfLine!({ checkpoint: { stream: 'scan.updates', offset: 42 } }), undefined);
    assert.equal(plan.at({ stream: 'ledger.updates', offset: 7 }), 'offset 7');
  });

  it('a missing party or an unknown standard is bad usage, before anything is read', () => {
    assert.throws(() => ledgerBalancesPlan(client, { ...flags, party: undefined as never }), UsageError);
    assert.throws(() => ledgerBalancesPlan(client, { ...flags, standardVersion: 'V9' }), UsageError);
  });
});
