import assert from 'node:assert/strict';
import { connectionConfig } from '../../src/cli/connectionConfig';
import { UsageError } from '../../src/cli/UsageError';

const usage = (re: RegExp) => (e: unknown) => e instanceof UsageError && re.test(e.message);

describe('connectionConfig', () => {
  it('a flag wins over the environment; the environment fills in', () => {
    assert.deepEqual(connectionConfig({ scanUrl: 'http://flag/api/scan' }, { CANTON_RX_SCAN_URL: 'http://env/api/scan' }, ['scan']).scan, { url: 'http://flag/api/scan' });
    assert.deepEqual(connectionConfig({}, { CANTON_RX_SCAN_URL: 'http://env/api/scan' }, ['scan']).scan, { url: 'http://env/api/scan' });
    assert.deepEqual(connectionConfig({}, { CANTON_RX_LEDGER_URL: 'http://ledger' }, ['ledger']).ledger, { url: 'http://ledger' });
    assert.deepEqual(connectionConfig({}, { CANTON_RX_VALIDATOR_URL: 'http://v/api/validator' }, ['validator']).validator, { url: 'http://v/api/validator' });
  });

  it('a missing URL names the flag and the environment variable', () => {
    assert.throws(() => connectionConfig({}, {}, ['scan']), usage(/--scan-url.*CANTON_RX_SCAN_URL/));
    assert.throws(() => connectionConfig({}, {}, ['ledger']), usage(/--ledger-url.*CANTON_RX_LEDGER_URL/));
    assert.throws(() => connectionConfig({}, {}, ['validator']), usage(/--validator-url.*CANTON_RX_VALIDATOR_URL/));
  });

  it('only the groups asked for are configured', () => {
    const config = connectionConfig({ scanUrl: 'http://s/api/scan' }, { CANTON_RX_LEDGER_URL: 'http://ledger' }, ['scan']);
    assert.deepEqual(Object.keys(config), ['scan']);
  });

  it('the token goes to the ledger and validator, never to Scan', () => {
    const config = connectionConfig({ scanUrl: 'http://s/api/scan', ledgerUrl: 'http://l' }, { CANTON_RX_TOKEN: 'tok' }, ['scan', 'ledger']);
    assert.equal((config.ledger!.token as () => string)(), 'tok');
    assert.equal((config.scan as { token?: unknown }).token, undefined);
  });

  it('a pool from --scan-urls or --discover, with per-host limits; --rate makes a single URL a pool of one', () => {
    assert.deepEqual(connectionConfig({ scanUrls: 'http://a/api/scan, http://b/api/scan' }, {}, ['scan']).scan, { urls: ['http://a/api/scan', 'http://b/api/scan'] });
    assert.deepEqual(connectionConfig({ discover: 'http://a/api/scan', rate: 5 }, {}, ['scan']).scan, { discover: ['http://a/api/scan'], limits: { ratePerSecond: 5 } });
    assert.deepEqual(connectionConfig({ scanUrl: 'http://a/api/scan', concurrency: 2 }, {}, ['scan']).scan, { urls: ['http://a/api/scan'], limits: { concurrency: 2 } });
    // A pool flag wins over CANTON_RX_SCAN_URL rather than clashing with it.
    assert.deepEqual(connectionConfig({ scanUrls: 'http://a/api/scan' }, { CANTON_RX_SCAN_URL: 'http://env/api/scan' }, ['scan']).scan, { urls: ['http://a/api/scan'] });
    assert.throws(() => connectionConfig({ scanUrl: 'http://a/api/scan', discover: 'http://b/api/scan' }, {}, ['scan']), usage(/one of/));
  });

  it('--timeout is the per-request timeout', () => {
    assert.equal(connectionConfig({ scanUrl: 'http://a/api/scan', timeout: 1234 }, {}, ['scan']).timeoutMs, 1234);
  });
});
