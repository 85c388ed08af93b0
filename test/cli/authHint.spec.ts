import assert from 'node:assert/strict';
import { httpError } from '../../src/errors/constructors';
import { authHint } from '../../src/cli/authHint';
import { errorFields } from '../../src/cli/errorFields';
import { runCli } from '../../src/cli/runCli';
import { startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit';
import { fakeIo } from './fakeIo';

const refused = (url: string, status = 401) => httpError({ status, method: 'POST', url, body: { _tag: 'SimpleError', error: 'missing a (valid) JWT token' } });

describe('authHint: what to do about a refused sign-in', function () {
  this.timeout(30_000);

  it('a Scan URL without /api/scan: says Scan URLs end in it', () => {
    const hint = authHint(refused('https://scan.example.com/v2/updates'), { scanUrl: 'https://scan.example.com' }, {});
    assert.match(hint ?? '', /Scan URLs end in \/api\/scan \(https:\/\/scan\.example\.com\/api\/scan\?\)/);
    assert.match(authHint(refused('https://scan.example.com/v2/updates'), {}, { CANTON_RX_SCAN_URL: 'https://scan.example.com/' }) ?? '', /end in \/api\/scan/);
    assert.equal(authHint(refused('https://scan.example.com/api/scan/v2/updates'), { scanUrl: 'https://scan.example.com/api/scan', tokenFile: 't' }, {}), undefined);
  });

  it('no token given: names --token-file and CANTON_RX_TOKEN; a token given (file, env, OAuth): no such hint', () => {
    assert.match(authHint(refused('https://p.example.com/v2/updates'), {}, {}) ?? '', /--token-file FILE \(or set CANTON_RX_TOKEN/);
    assert.match(authHint(refused('https://p.example.com/v2/updates', 403), {}, { CANTON_RX_TOKEN: '  ' }) ?? '', /--token-file/);
    for (const [flags, env] of [[{ tokenFile: 't' }, {}], [{}, { CANTON_RX_TOKEN: 'x' }], [{ oauthIssuer: 'https://login' }, {}]] as const) assert.equal(authHint(refused('https://p.example.com/v2/updates'), flags, env), undefined);
    assert.equal(authHint(refused('https://p.example.com/v2/updates', 404), {}, {}), undefined);
  });

  it('the error line carries it, and never the token', () => {
    const fields = errorFields(refused('https://p.example.com/v2/updates'), authHint(refused('https://p.example.com/v2/updates'), {}, {}));
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

    it('a Scan URL without /api/scan: the participant beside it answers 401, and the error line says Scan URLs end in /api/scan', async () => {
      const bare = net.scanUrl.replace(/\/api\/scan$/, '');
      const { io, stderr } = fakeIo({ CANTON_RX_SCAN_URL: bare });
      assert.equal(await runCli(['scan', 'updates', '--page-size', '5', '-q'], io), 1);
      assert.match(stderr.text, /"hint":"Scan URLs end in \/api\/scan/, stderr.text);
    });
  });
});
