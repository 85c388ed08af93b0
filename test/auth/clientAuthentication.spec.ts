import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { clientAuthentication, importPrivateKey } from '../../src/auth/clientAuthentication';
import { loadOpenIdClient } from '../../src/auth/loadOpenIdClient';

describe('clientAuthentication', () => {
  it('imports a PKCS #8 PEM key (RS256 by default, or the algorithm named) and a JWK (its curve implies ES384)', async () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const fromPem = await importPrivateKey({ key: rsa.export({ type: 'pkcs8', format: 'pem' }).toString() });
    assert.equal(fromPem.algorithm.name, 'RSASSA-PKCS1-v1_5');
    const ps = await importPrivateKey({ key: rsa.export({ type: 'pkcs8', format: 'pem' }).toString(), algorithm: 'PS256' });
    assert.equal(ps.algorithm.name, 'RSA-PSS');
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-384' }).privateKey.export({ format: 'jwk' });
    const fromJwk = await importPrivateKey({ key: ec });
    assert.deepEqual([fromJwk.algorithm.name, (fromJwk.algorithm as EcKeyAlgorithm).namedCurve], ['ECDSA', 'P-384']);
    assert.equal(await importPrivateKey({ key: fromJwk }), fromJwk, 'a CryptoKey is used as it is');
  });

  it('a key that does not import names the field and never quotes the key', async () => {
    const pem = '-----BEGIN PRIVATE KEY-----\nbm90LWEta2V5LXNlY3JldC1tYXRlcmlhbA==\n-----END PRIVATE KEY-----';
    await assert.rejects(importPrivateKey({ key: pem }), (e: Error) => /^privateKey\.key: not a private RS256 key/.test(e.message) && !e.message.includes('bm90LWEta2V5'));
    await assert.rejects(importPrivateKey({ key: 'just text' }), /privateKey\.key/);
    await assert.rejects(importPrivateKey({ key: pem, algorithm: 'HS256' }), /privateKey\.algorithm: unsupported JWS algorithm "HS256"/);
  });

  it('the secret goes as basic unless asked for post, or discovery lists post and not basic', async () => {
    const oidc = await loadOpenIdClient();
    // ClientAuth is a function that writes the credential into the request: read where it put it.
    const sent = async (auth: Awaited<ReturnType<typeof clientAuthentication>>) => {
      const body = new URLSearchParams();
      const headers = new Headers();
      await (auth as unknown as (as: unknown, client: unknown, body: URLSearchParams, headers: Headers) => Promise<void>)({ issuer: 'https://a' }, { client_id: 'c' }, body, headers);
      return headers.has('authorization') ? 'basic' : body.has('client_secret') ? 'post' : 'none';
    };
    const base = { issuer: 'https://a', clientId: 'c', clientSecret: 's' };
    assert.equal(await sent(await clientAuthentication(oidc, base, undefined)), 'basic');
    assert.equal(await sent(await clientAuthentication(oidc, base, ['client_secret_post', 'client_secret_basic'])), 'basic');
    assert.equal(await sent(await clientAuthentication(oidc, base, ['client_secret_post'])), 'post');
    assert.equal(await sent(await clientAuthentication(oidc, { ...base, secretMethod: 'post' }, undefined)), 'post');
    assert.equal(await sent(await clientAuthentication(oidc, { ...base, secretMethod: 'basic' }, ['client_secret_post'])), 'basic');
  });
});
