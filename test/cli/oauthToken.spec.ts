import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { oauthToken } from '../../src/cli/oauthToken';
import { UsageError } from '../../src/cli/UsageError';
import { connectionConfig } from '../../src/cli/connectionConfig';
import { runCli } from '../../src/cli/runCli';
import { startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit';
import { AUDIENCE, KEY_CLIENT, KEY_CLIENT_PEM, SECRET_CLIENT, startOpenIdProvider, type TestIssuer } from '../auth/openIdProvider';
import { fakeIo } from './fakeIo';

const usage = (re: RegExp) => (e: unknown) => e instanceof UsageError && re.test(e.message);

describe('CLI OAuth sign-in (oauthToken)', function () {
  this.timeout(30_000);
  const dir = mkdtempSync(join(tmpdir(), 'canton-rx-oauth-'));
  const secretFile = join(dir, 'client-secret');
  const keyFile = join(dir, 'client-key.pem');
  writeFileSync(secretFile, `${SECRET_CLIENT.secret}\n`, { mode: 0o600 });
  writeFileSync(keyFile, KEY_CLIENT_PEM, { mode: 0o600 });

  it('no OAuth flag, no token source; a stray OAuth flag without an issuer is bad usage', () => {
    assert.equal(oauthToken({}, {}), undefined);
    assert.throws(() => oauthToken({ clientId: 'c' }, {}), usage(/--client-id needs --oauth-issuer or --oauth-token-url/));
    assert.throws(() => oauthToken({ audience: 'a' }, {}), usage(/--audience needs/));
  });

  it('needs one issuer, a client id and one credential: the secret from a file or CANTON_RX_CLIENT_SECRET, or a key file', () => {
    assert.throws(() => oauthToken({ oauthIssuer: 'https://a', oauthTokenUrl: 'https://a/token', clientId: 'c' }, {}), usage(/one of --oauth-issuer and --oauth-token-url/));
    assert.throws(() => oauthToken({ oauthIssuer: 'https://a' }, {}), usage(/--client-id is required/));
    assert.throws(() => oauthToken({ oauthIssuer: 'https://a', clientId: 'c' }, {}), usage(/--client-secret-file.*CANTON_RX_CLIENT_SECRET/));
    assert.throws(() => oauthToken({ oauthIssuer: 'https://a', clientId: 'c', clientSecretFile: secretFile, privateKeyFile: keyFile }, {}), usage(/one of --client-secret-file and --private-key-file/));
    assert.throws(() => oauthToken({ oauthIssuer: 'https://a', clientId: 'c', clientSecretFile: join(dir, 'missing') }, {}), usage(/cannot read .*missing \(--client-secret-file\): ENOENT/));
    assert.equal(typeof oauthToken({ oauthIssuer: 'https://a', clientId: 'c' }, { CANTON_RX_CLIENT_SECRET: 's' }), 'function');
    assert.equal(typeof oauthToken({ oauthTokenUrl: 'https://a/token', clientId: 'c', privateKeyFile: keyFile }, {}), 'function');
  });

  it("the library's checks are bad usage naming the flag, without the secret", () => {
    assert.throws(
      () => oauthToken({ oauthIssuer: 'http://login.example.com', clientId: 'c', scope: '' }, { CANTON_RX_CLIENT_SECRET: 'env-secret-9f' }),
      (e: unknown) => usage(/--oauth-issuer must be https:.*--scope must be a non-empty string/)(e) && !(e as Error).message.includes('env-secret-9f'),
    );
  });

  it('connectionConfig: OAuth wins over CANTON_RX_TOKEN, clashes with --token-file, and never goes to Scan', () => {
    const flags = { ledgerUrl: 'http://l', scanUrl: 'http://s/api/scan', oauthIssuer: 'https://a', clientId: 'c' };
    const config = connectionConfig(flags, { CANTON_RX_CLIENT_SECRET: 's', CANTON_RX_TOKEN: 'static' }, ['scan', 'ledger']);
    assert.equal(typeof (config.ledger!.token as { renewsAt?: unknown }).renewsAt, 'function');
    assert.equal((config.scan as { token?: unknown }).token, undefined);
    assert.throws(() => connectionConfig({ ...flags, tokenFile: secretFile }, { CANTON_RX_CLIENT_SECRET: 's' }, ['ledger']), usage(/one of --token-file and the OAuth flags/));
  });

  describe('against a real OpenID provider and the simulated network', () => {
    let idp: TestIssuer;
    let net: SimulatedNetwork;
    before(async () => {
      idp = await startOpenIdProvider();
      net = await startSimulatedNetwork({ seed: 'cli-oauth', updates: 10, audience: AUDIENCE, users: [{ userId: SECRET_CLIENT.id, readAsAnyParty: true }, { userId: KEY_CLIENT.id, readAsAnyParty: true }] });
    });
    after(async () => {
      await net.close();
      await idp.close();
    });

    it('get ledger.getLedgerEnd signs in with --oauth-issuer and a secret file, or --oauth-token-url and a key file', async () => {
      const common = ['--ledger-url', net.ledgerUrl, '--audience', AUDIENCE, '--audience-parameter', 'resource', '--scope', 'daml_ledger_api'];
      for (const args of [
        ['--oauth-issuer', idp.issuer, '--client-id', SECRET_CLIENT.id, '--client-secret-file', secretFile],
        ['--oauth-token-url', idp.tokenUrl, '--client-id', KEY_CLIENT.id, '--private-key-file', keyFile, '--key-id', KEY_CLIENT.keyId, '--key-algorithm', 'ES256'],
      ]) {
        const { io, stdout, stderr } = fakeIo();
        assert.equal(await runCli(['get', 'ledger.getLedgerEnd', ...common, ...args], io), 0, stderr.text);
        assert.deepEqual(stdout.json(), [{ offset: net.info().ledgerEnd }]);
      }
    });

    it('an issuer that refuses is exit 1 with an error line that quotes no secret', async () => {
      const { io, stderr } = fakeIo({ CANTON_RX_CLIENT_SECRET: 'wrong-secret-41c' });
      assert.equal(await runCli(['get', 'ledger.getLedgerEnd', '--ledger-url', net.ledgerUrl, '--oauth-issuer', idp.issuer, '--client-id', SECRET_CLIENT.id, '--retries', '0'], io), 1);
      assert.match(stderr.text, /token-provider|token provider/);
      assert.match(stderr.text, /invalid_client/);
      assert.ok(!stderr.text.includes('wrong-secret-41c'));
    });
  });
});
