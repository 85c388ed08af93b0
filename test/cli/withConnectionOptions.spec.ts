import assert from 'node:assert/strict';
import { Command } from 'commander';
import { withConnectionOptions } from '../../src/cli/withConnectionOptions';

const flagsOf = (c: Command) => c.options.map((o) => o.long);

describe('withConnectionOptions', () => {
  it('the URL flags of the groups asked for, the token file only where a token is sent, never a token flag', () => {
    assert.deepEqual(flagsOf(withConnectionOptions(new Command('s'), ['scan'])), ['--scan-url', '--scan-urls', '--discover', '--rate', '--concurrency', '--timeout', '--retries', '--retry-max-delay', '--metrics-port', '--metrics-host']);
    const all = flagsOf(withConnectionOptions(new Command('a'), ['scan', 'ledger', 'validator']));
    assert.ok(all.includes('--ledger-url') && all.includes('--validator-url') && all.includes('--token-file'));
    assert.ok(!all.some((f) => f === '--token'));
  });

  it('parses numbers, refusing what is not one', () => {
    const c = withConnectionOptions(new Command('s'), ['scan']).exitOverride().configureOutput({ writeErr: () => undefined });
    c.parse(['--retries', '0', '--timeout', '1500', '--metrics-port', '0'], { from: 'user' });
    assert.deepEqual(c.opts(), { retries: 0, timeout: 1500, metricsPort: 0 });
    assert.throws(() => withConnectionOptions(new Command('s'), ['scan']).exitOverride().configureOutput({ writeErr: () => undefined }).parse(['--retries', '-1'], { from: 'user' }));
  });
});
