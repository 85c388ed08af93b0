import assert from 'node:assert/strict';
import { httpError } from '../../src/errors/constructors';
import { errorHint } from '../../src/cli/errorHint';
import { errorFields } from '../../src/cli/errorFields';
import { runCli } from '../../src/cli/runCli';
import { startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit';
import { fakeIo } from './fakeIo';

const refused = (url: string, status = 401) => httpError({ status, method: 'POST', url, body: { _tag: 'SimpleError', error: 'missing a (valid) JWT token' } });

describe('errorHint: what to do about an error that ends a command', function () {
  this.timeout(30_000);

  it('a Scan URL without /api/scan: says Scan URLs end in it', () => {
    const hint = errorHint(refused('https://scan.example.com/v2/updates'), { scanUrl: 'https://scan.example.com' }, {});
    assert.match(hint ?? '', /Scan URLs end in \/api\/scan \(https:\/\/scan\.example\.com\/api\/scan\?\)/);
    assert.match(errorHint(refused('https://scan.example.com/v2/updates'), {}, { CANTON_RX_SCAN_URL: 'https://scan.example.com/' }) ?? '', /end in \/api\/scan/);
    assert.equal(errorHint(refused('https://scan.example.com/api/scan/v2/updates'), { scanUrl: 'https://scan.example.com/api/scan', tokenFile: 't' }, {}), undefined);
  });

  it('no token given: names --token-file and CANTON_RX_TOKEN; a token given (file, env, OAuth): no such hint', () => {
    assert.match(errorHint(refused('https://p.example.com/v2/updates'), {}, {}) ?? '', /--token-file FILE \(or set CANTON_RX_TOKEN/);
    assert.match(errorHint(refused('https://p.example.com/v2/updates', 403), {}, { CANTON_RX_TOKEN: '  ' }) ?? '', /--token-file/);
    for (const [flags, env] of [[{ tokenFile: 't' }, {}], [{}, { CANTON_RX_TOKEN: 'x' }], [{ oauthIssuer: 'https://login' }, {}]] as const) assert.equal(errorHint(refused('https://p.example.com/v2/updates'), flags, env), undefined);
    assert.equal(errorHint(refused('https://p.example.com/v2/updates', 404), {}, {}), undefined);
  });

  it('the error line carries it, and never the token', () => {
    const fields = errorFields(refused('https://p.example.com/v2/updates'), errorHint(refused('https://p.example.com/v2/updates'), {}, {}));
    assert.equal(fields['status'], 401);
    assert.match(String(fields['hint']), /CANTON_RX_TOKEN/);
    assert.equal(errorFields(refused('https://p.example.com/v2/updates'))['hint'], undefined);
  });

  describe('from the command line', () => {
    let net: SimulatedNetwork;
    before(async () => (net = await startSimulatedNetwork({ seed: 'auth-hint', updates: 20 })));
    after(() => net.close());

    it('a ledger read without a token: the error line names --token-file and CANTON_RX_TOKEN', async () => {
      const { io, stderr } = fakeIo({ CANTON_RX_LEDGER_URL: net.ledgerUrl });
      assert.equal(await runCli(['ledger', 'updates', '--party', net.party('alice'), '-q'], io), 1);
      assert.match(stderr.text, /"status":401.*"hint":"no token was given: pass --token-file FILE \(or set CANTON_RX_TOKEN/);
    });

    it('a --match exact that Scan has no snapshot for: the error line hints at --match at_or_before', async () => {
      const snapshot = net.info().snapshots.at(-1)!;
      const later = new Date(Date.parse(snapshot.recordTime) + 1000).toISOString();
      const { io, stderr } = fakeIo({ CANTON_RX_SCAN_URL: net.scanUrl });
      assert.equal(await runCli(['scan', 'acs', '--migration-id', String(snapshot.migrationId), '--record-time', later, '-q'], io), 1);
      assert.match(stderr.text, /"condition":"SnapshotNotFound".*"hint":"no snapshot at exactly --record-time: --match at_or_before/, stderr.text);
      const before = fakeIo({ CANTON_RX_SCAN_URL: net.scanUrl });
      assert.equal(await runCli(['scan', 'acs', '--migration-id', String(snapshot.migrationId), '--record-time', later, '--match', 'at_or_before', '-q'], before.io), 0);
      assert.ok(before.stdout.lines().length > 0);
    });

    it('a time that is no ISO-8601 instant (--after-record-time, --record-time) is bad usage: exit 2, before anything is sent', async () => {
      for (const argv of [
        ['scan', 'updates', '--after-migration-id', '0', '--after-record-time', 'yesterday'],
        ['scan', 'acs', '--migration-id', '0', '--record-time', '2025-13-01'],
      ]) {
        const { io, stderr } = fakeIo({ CANTON_RX_SCAN_URL: net.scanUrl });
        assert.equal(await runCli(argv, io), 2, argv.join(' '));
        assert.match(stderr.text, /must be an ISO-8601 UTC instant/);
      }
    });

    it('a Scan URL without /api/scan: the participant beside it answers 401, and the error line says Scan URLs end in /api/scan', async () => {
      const bare = net.scanUrl.replace(/\/api\/scan$/, '');
      const { io, stderr } = fakeIo({ CANTON_RX_SCAN_URL: bare });
      assert.equal(await runCli(['scan', 'updates', '--page-size', '5', '-q'], io), 1);
      assert.match(stderr.text, /"hint":"Scan URLs end in \/api\/scan/, stderr.text);
    });
  });
});
