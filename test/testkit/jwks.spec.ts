import assert from 'node:assert/strict';
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { mintToken, startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index.js';
import { verifyJwtSignature } from '../../src/testkit/internal/verifyJwtSignature.js';

const b64url = (o: unknown): string => Buffer.from(JSON.stringify(o)).toString('base64url');

/** A JWT signed with `key` (RS256 or ES256), its header naming `kid`. */
const signed = (key: KeyObject, alg: 'RS256' | 'ES256', kid: string, payload: object): string => {
  const head = `${b64url({ alg, typ: 'JWT', kid })}.${b64url(payload)}`;
  const signature = sign('sha256', Buffer.from(head), alg === 'ES256' ? { key, dsaEncoding: 'ieee-p1363' } : key);
  return `${head}.${signature.toString('base64url')}`;
};

describe('testkit: bearer tokens verified against a JWKS (option jwks)', function () {
  this.timeout(30_000);
  const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwks = { keys: [{ ...rsa.publicKey.export({ format: 'jwk' }), kid: 'rsa-1' }, { ...ec.publicKey.export({ format: 'jwk' }), kid: 'ec-1' }] };
  const claims = { sub: 'alice', exp: Math.floor(Date.now() / 1000) + 3600, scope: 'daml_ledger_api' };
  let net: SimulatedNetwork;
  before(async () => {
    net = await startSimulatedNetwork({ seed: 'jwks', updates: 20, jwks });
  });
  after(() => net.close());

  const ledgerEnd = async (token: string): Promise<number> => (await fetch(`${net.ledgerUrl}/v2/state/ledger-end`, { headers: { authorization: `Bearer ${token}` } })).status;

  it('accepts a JWT signed by a key of the set (RS256, ES256), refuses an unsigned, foreign, tampered or unnamed-key one with 401', async () => {
    assert.equal(await ledgerEnd(signed(rsa.privateKey, 'RS256', 'rsa-1', claims)), 200);
    assert.equal(await ledgerEnd(signed(ec.privateKey, 'ES256', 'ec-1', claims)), 200);
    assert.equal(await ledgerEnd(mintToken({ userId: 'alice' })), 401, 'alg none');
    assert.equal(await ledgerEnd(signed(other.privateKey, 'RS256', 'rsa-1', claims)), 401, 'another key');
    const good = signed(rsa.privateKey, 'RS256', 'rsa-1', claims).split('.');
    assert.equal(await ledgerEnd(`${good[0]}.${b64url({ ...claims, admin: true })}.${good[2]}`), 401, 'payload changed after signing');
    assert.equal(await ledgerEnd(signed(rsa.privateKey, 'RS256', 'unknown', claims)), 401, 'a kid the set lacks');
    // Expiry is still checked on a well-signed token.
    assert.equal(await ledgerEnd(signed(rsa.privateKey, 'RS256', 'rsa-1', { ...claims, exp: 1 })), 401);
  });

  it('without the option, signatures are not checked (mintToken works as before)', async () => {
    const plain = await startSimulatedNetwork({ seed: 'jwks', updates: 20 });
    try {
      const res = await fetch(`${plain.ledgerUrl}/v2/state/ledger-end`, { headers: { authorization: `Bearer ${mintToken({ userId: 'alice' })}` } });
      assert.equal(res.status, 200);
    } finally {
      await plain.close();
    }
  });

  it('verifyJwtSignature: a key of a one-key set without kid; the algorithm must fit the key', () => {
    const one = { keys: [rsa.publicKey.export({ format: 'jwk' }) as Record<string, unknown>] };
    const head = `${b64url({ alg: 'RS256' })}.${b64url(claims)}`;
    const token = `${head}.${sign('sha256', Buffer.from(head), rsa.privateKey).toString('base64url')}`;
    assert.equal(verifyJwtSignature(token, one), true);
    assert.equal(verifyJwtSignature(token.replace(b64url({ alg: 'RS256' }), b64url({ alg: 'ES256' })), one), false);
    assert.equal(verifyJwtSignature('not.a.jwt', one), false);
  });
});
